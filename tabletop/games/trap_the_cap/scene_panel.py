"""The side panel of the Trap the Cap scene: the players list (scores, who is still in play, team
header rows in team games), the game-over text and the move sound.

A mixin so ``scene.py`` stays about the board and the adapter; it only reads the state.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.games.trap_the_cap.board import COLOURS
from tabletop.games.trap_the_cap.rules import GOLD, NAMES, Move, colour_text
from tabletop.i18n import and_list, tr
from tabletop.ui import draw, theme
from tabletop.ui.game_scene import PlayerRow
from tabletop.ui.results import ResultRow, ResultTable, table_text


def _caps(caps: list[int]) -> str:
    """ "3 (Green 2, Blue 1)" — how many caps, and of which colours; "0" for none."""
    if not caps:
        return "0"
    parts = ", ".join(f"{colour_text(NAMES[c])} {caps.count(c)}" for c in sorted(set(caps)))
    return f"{len(caps)} ({parts})"


class PanelMixin:
    """Players list and texts; mixed into the scene (uses its state, seats, metrics and looks)."""

    state: Any
    seats: list[Any]
    players_rect: pygame.Rect

    def seat_colour(self, seat: int) -> str:
        return COLOURS[self.state.rules.seats[seat]]

    def seat_colour_word(self, seat: int) -> str:
        """A seat is called by its colour everywhere (players list, log, prompts, result card)."""
        return colour_text(self.seat_colour(seat))

    def seat_title(self, seat: int) -> str:
        return self.seat_name(seat)  # type: ignore[attr-defined]

    def teamed(self) -> bool:
        return self.state.rules.variant in ("partners", "total_partners")

    def head_role(self, seat: int) -> str:
        """At a table, in a team variant, the strip's head also names the seat's team and what
        decides ("team Green+Blue: 6", prisoners; "…: 5 of 8 free"): the laptop's players list has
        team rows, a table has no list. Led in under the name where the head has room, left out
        where not (added to the one-line score it was cut at a 1080p table)."""
        role = super().head_role(seat)  # type: ignore[misc]
        if not self.teamed():
            return role
        rules = self.state.rules
        mates = self.team_of(rules.seats[seat])
        colours = [rules.seats[s] for s in mates]
        names = "+".join(self.seat_name(s) for s in mates)  # type: ignore[attr-defined]
        # a line breaks at the " · " before it (the head wraps it so), and inside it only where it
        # must: never between ":" and a bare count of prisoners, nor inside "5 of 8 free" (which
        # may go to the next line: glued to the colon, «Зелёный+Синий: свободных» was one piece
        # wider than a 1024x600 table's side head, and the team line was left out there)
        if self.in_play_decides():
            team = tr("team {names}: {n}", names=names, n=self.standing(colours).replace(" ", "\u00a0"))
        else:
            team = tr("team {names}: {n}", names=names, n=sum(self.state.prisoners(c) for c in colours))
            team = team.replace(": ", ":\u00a0")
        return f"{role} · {team}" if role else team

    def team_of(self, colour: Any) -> list[int]:
        """The seats of ``colour``'s team, in seat order."""
        rules = self.state.rules
        return [s for s, c in enumerate(rules.seats) if rules.team[c] == rules.team[colour]]

    def in_play_decides(self) -> bool:
        """Whether staying in play decides this game: one the last side in play wins (rules "End
        and winner", "Variants": defensive, tower race, a team game scored defensively) that
        the turn limit has not ended (the limit scores it by prisoners, as the result card says)."""
        outcome = self.state.outcome()
        return self.state.rules.last_in_play_wins and (outcome is None or outcome.reason != "turn_limit")

    def standing(self, colours: list[int]) -> str:
        """What a side (a seat, or a team's seats) has of what decides its game: where staying in
        play does, its free caps, "3 of 4 free" ("0 of 4 free" once out); where prisoners do,
        "2 trapped". Prisoners were shown in every variant, which in a defensive game or a tower
        race pointed the players at what does not decide it."""
        state = self.state
        if self.in_play_decides():
            return tr("{n} of {total} free", n=sum(state.free_caps(c) for c in colours),
                      total=sum(state.caps_of(c) for c in colours))
        return tr("{n} trapped", n=sum(state.prisoners(c) for c in colours))

    def seat_order(self) -> list[int]:
        """The seats as the players list and the result card show them: partners together."""
        rules = self.state.rules
        seats = list(range(len(rules.seats)))
        if self.teamed():
            seats.sort(key=lambda s: (rules.team[rules.seats[s]], s))
        return seats

    def title_note(self) -> str:
        """The round and the turn limit: the game ends at the limit, which players must see coming."""
        state = self.state
        limit = state.rules.turn_limit
        return tr("Round {n} of {limit}", n=min(state.rounds + 1, limit), limit=limit)

    def player_rows(self) -> list[PlayerRow]:
        state = self.state
        rules = state.rules
        alive = state.in_play()
        turn = self.shown_turn()  # the one whose cap is still on its way, till it arrives
        rows: list[PlayerRow] = []
        teamed = self.teamed()
        last_team = None
        for seat in self.seat_order():
            colour = rules.seats[seat]
            if teamed and rules.team[colour] != last_team:
                last_team = rules.team[colour]
                mates = [rules.seats[s] for s in self.team_of(colour)]
                members = [COLOURS[c] for c in mates]
                rows.append(PlayerRow(-1, tr("Team: {names}", names=and_list([tr(m) for m in members])),
                                      "+".join(members), self.standing(mates)))
            detail = self.standing([colour])
            if rules.golden and state.golden_owner == colour:
                detail = tr("gold · {detail}", detail=detail)
            if self.app.table_mode:  # no title at the table edges: each strip says the round
                detail = f"{detail} · {self.title_note()}"
            rgb, symbol = self.look(colour)
            rows.append(PlayerRow(seat, self.seat_title(seat), COLOURS[colour], detail,
                                  active=(turn == seat), out=colour not in alive, rgb=rgb, symbol=symbol))
        return rows

    def draw_players(self, surface: pygame.Surface) -> None:
        """As the frame's list, with caps in the board's own colours and team header rows."""
        m = self.metrics
        row_h = int(m.body * 2.0)
        y = self.players_rect.y
        rows = self.player_rows()
        form, size, bold = self.team_form(rows, row_h)
        for row in rows:
            r = pygame.Rect(self.players_rect.x, y, self.players_rect.w, row_h - 4)
            y += row_h
            if row.seat < 0:
                colours = row.colour.split("+")
                for i, c in enumerate(colours):
                    rgb, sym = self.look(COLOURS.index(c)) if c in COLOURS else ((128, 128, 128), "")
                    draw.piece(surface, (r.x + row_h * (0.3 + 0.4 * i), r.centery), row_h * 0.24, rgb, sym)
                left, detail_w, room = self.team_row_room(row, r.w, row_h)
                right = r.right - m.pad
                draw.fitted_text(surface, self.team_names(row)[form], pygame.Rect(r.x + left, r.y, room, r.h),
                                 size, theme.ACCENT_DARK, bold=bold, anchor="midleft", min_size=m.small)
                draw.fitted_text(surface, row.detail, pygame.Rect(right - detail_w, r.y, detail_w, r.h),
                                 m.body, theme.ACCENT_DARK, bold=True, anchor="midright", min_size=m.small)
                continue
            self.draw_player_row(surface, r, row)  # type: ignore[attr-defined]

    def team_row_room(self, row: PlayerRow, width: int, row_h: int) -> tuple[int, int, int]:
        """A team row's name: where it starts (after its caps), its score's width (only as wide as
        its words: the team's name, longer in Russian, gets the rest) and the name's room."""
        m = self.metrics
        left = int(row_h * (0.5 + 0.4 * len(row.colour.split("+"))))
        detail_w = int(min(width * 0.38, theme.font(m.body, True).size(row.detail)[0] + m.pad))
        return left, detail_w, width - m.pad - detail_w - m.pad - left

    @staticmethod
    def team_names(row: PlayerRow) -> list[str]:
        """A team row's name ("Team: red and yellow"), then shorter ones for a narrower row (larger
        text): "Red+Yellow", then "Team" (its caps before it show the colours, its players
        follow under it)."""
        return [row.name, "+".join(tr(c.capitalize()) for c in row.colour.split("+")), tr("Team")]

    def team_form(self, rows: list[PlayerRow], row_h: int) -> tuple[int, int, bool]:
        """The fullest of ``team_names`` that both team rows show whole (at the smallest type, as
        ``fitted_text`` sets it), and the one size and weight both fit in: in Russian at 115% text
        and more the row was cut to «Команда: красны…», the partner's colour lost; and both teams'
        rows alike, not one team's name in full (or bold, or larger) and the other's short."""
        m = self.metrics
        heads = [(self.team_names(r), self.team_row_room(r, self.players_rect.w, row_h)[2]) for r in rows if r.seat < 0]
        small = theme.font(m.small)
        form = max((next((i for i, f in enumerate(names) if small.size(f)[0] <= room), len(names) - 1)
                    for names, room in heads), default=0)
        for bold in (True, False):
            for size in range(m.body, m.small - 1, -1):
                if all(theme.font(size, bold).size(names[form])[0] <= room for names, room in heads):
                    return form, size, bold
        return form, m.small, False

    def result_summary(self) -> str:
        """As every game's, but by side and by what decided: a team game's scores are its teams'
        ("Red+Yellow 8, Green+Blue 0": the points the outcome gives each partner are his team's
        total), and where the last side in play won, each side's free caps, as the players list
        shows them (its points are prisoners, which did not decide: "Green wins (Red 7, Green 1,
        Blue 3)" read as if Green had lost); where the golden cap's owner won, that he owns it
        ("Red wins — Red owns the golden cap", not "(Red 1, Green 7, Blue 3)")."""
        rules = self.state.rules
        outcome = self.state.outcome()
        if outcome is not None and outcome.reason == "golden_cap":
            head = self.result_table(outcome).banner.strip().rstrip(".")
            return f"{head} — {outcome.detail.strip().rstrip('.')}"
        if outcome is None or not (self.teamed() or outcome.reason == "last_in_play"):
            return super().result_summary()  # type: ignore[misc]
        head = self.result_table(outcome).banner.strip().rstrip(".")
        sides: dict[int, list[int]] = {}
        for seat in self.seat_order():
            sides.setdefault(rules.team[rules.seats[seat]] if self.teamed() else seat, []).append(seat)

        def score(seats: list[int]) -> float:
            if outcome.reason == "last_in_play":
                return sum(self.state.free_caps(rules.seats[s]) for s in seats)
            return outcome.points[seats[0]]

        scores = ", ".join("+".join(self.seat_name(s) for s in seats) + f" {score(seats):g}" for seats in sides.values())
        return f"{head} ({scores})"

    def result_text(self, outcome: Any) -> str:
        if outcome is None:
            return ""
        return table_text(self.result_table(outcome))

    def result_table(self, outcome: Any) -> ResultTable:
        """Every seat's prisoners: locked up at home and carried in towers it commands (by
        colour), whether it is still in play, the golden cap, and the points the game counted. In
        team games partners stand together (as in the players list), each with his own points and
        his team's total, which is what decides. Where the last side in play won, or the golden
        cap's owner (the "Golden cap winner" option's default), no points: they are prisoners,
        which did not decide (a loser's 7 beside the winner's 1 read as a wrong result), and "At
        the end" says what did (in play, or out; who owns the golden cap)."""
        state = self.state
        rules = state.rules
        winners = [s for s in self.seat_order() if s in outcome.winners]  # partners together
        names = [self.seat_title(s) for s in winners]
        teams: dict[int, list[str]] = {}
        for s, name in zip(winners, names, strict=True):
            teams.setdefault(rules.team[rules.seats[s]] if self.teamed() else s, []).append(name)
        if self.teamed() and len(teams) > 1:  # a draw between the teams
            head = tr("{names} share the win.", names=and_list(["+".join(t) for t in teams.values()]))
        elif len(names) > 1:
            head = tr("{names} win.", names=and_list(names))
        else:
            head = tr("{name} wins.", name=names[0]) if names else tr("Nobody wins.")
        alive = state.in_play()
        team = rules.team
        teamed = self.teamed()
        scored = outcome.reason not in ("last_in_play", "golden_cap")  # else prisoners did not decide
        rows = []
        for seat in self.seat_order():
            colour = rules.seats[seat]
            locked = [c for c in state.locked[colour] if team[c] != team[colour]]
            towered = [c for piles in state.occ.values() for stack in piles
                       if len(stack) > 1 and state.commander(stack) == colour for c in stack[:-1]
                       if c != GOLD and team[c] != team[colour]]
            status = tr("in play") if colour in alive else tr("out")
            if rules.golden and state.golden_owner == colour:
                status += tr(" · owns the golden cap")
            rgb, symbol = self.look(colour)
            points = outcome.points[seat] if seat < len(outcome.points) else 0
            cells = [_caps(locked), _caps(towered), status]
            if scored:  # a team's points are the team's: the seat's own (its prisoners) first
                cells += [str(state.prisoners(colour)), f"{points:g}"] if teamed else [f"{points:g}"]
            if rules.tower_race:  # nothing is ever locked up in a tower race
                cells = cells[1:]
            rows.append(ResultRow(seat, self.seat_title(seat), rgb, symbol, tuple(cells),
                                  winner=seat in outcome.winners, role=self.seat_role(seat),
                                  out=colour not in alive))
        columns = [tr("Locked up"), tr("In towers"), tr("At the end")]
        if scored:
            columns += [tr("Points"), tr("Team points")] if teamed else [tr("Points")]
        if rules.tower_race:
            columns = columns[1:]
        return ResultTable(head, outcome.detail, tuple(columns), tuple(rows))

    def move_sound(self, before: Any, move: Any) -> str:
        if not isinstance(move, Move):
            return "move"
        after = before.copy()
        after.apply_unchecked(move)
        seats = before.rules.seats
        trapped = any(after.prisoners(c) > before.prisoners(c) for c in seats)
        return "capture" if trapped else "move"
