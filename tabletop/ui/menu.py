"""The main menu: pick a game, seats (people or computer levels), variant and options; Start;
Continue the autosaved game; settings. Everything is a large click target; Esc backs out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.core.errors import TabletopError
from tabletop.games import all_games
from tabletop.i18n import rules_text, tr, tr_value
from tabletop.launch import Seat, new_session
from tabletop.layout import LayoutErrors
from tabletop.ui import draw, theme
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from tabletop.app import App

TAGLINES = {
    "trap_the_cap": "Trap your rivals' caps and carry them home (2–4)",
    "captain_flip": "Draw, keep or flip, and fill your pirate board (1–5)",
    "chicken_chase": "Feed your chicks, race your hens up the hill (2–4)",
    "plakoto": "The Greek tables game of pinning (2)",
}


class MenuScene(Scene):
    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = all_games()
        self.game_id = game_id or next(iter(self.games), "")
        self.row = ButtonRow()
        self.config: dict[str, dict] = {}
        for gid in self.games:
            self._config(gid)
        self.header = app.saves.peek()  # a valid record's header, else None
        self.save_checked = False

    def _config(self, gid: str) -> dict:
        if gid not in self.config:
            spec = self.games[gid]
            players = spec.default_players
            self.config[gid] = {
                "players": players,
                "seats": [Seat("human")] + [Seat("ai", "easy") for _ in range(players - 1)],
                "variant": spec.default_variant,
                "options": {o.key: o.default for o in spec.options},
            }
        return self.config[gid]

    # -- actions ---------------------------------------------------------------------------------
    def select(self, gid: str) -> None:
        self.game_id = gid
        self.layout(self.size)

    def change_players(self, delta: int) -> None:
        spec = self.games[self.game_id]
        cfg = self._config(self.game_id)
        allowed = self._allowed_players()
        n = cfg["players"]
        candidates = [p for p in allowed if (p > n if delta > 0 else p < n)]
        if not candidates:
            return
        n = min(candidates) if delta > 0 else max(candidates)
        cfg["players"] = n
        seats = cfg["seats"]
        while len(seats) < n:
            seats.append(Seat("ai", "easy"))
        del seats[n:]
        _ = spec
        self.layout(self.size)

    def _allowed_players(self) -> list[int]:
        spec = self.games[self.game_id]
        cfg = self._config(self.game_id)
        allowed_fn = spec.extra.get("players_for_variant")
        players = list(range(spec.min_players, spec.max_players + 1))
        if allowed_fn:
            players = [p for p in players if p in allowed_fn(cfg["variant"])]
        return players or [spec.min_players]

    def cycle_seat(self, index: int) -> None:
        spec = self.games[self.game_id]
        kinds = [Seat("human")] + [Seat("ai", level) for level in spec.agent_levels]
        seats = self._config(self.game_id)["seats"]
        current = next((i for i, s in enumerate(kinds) if s == seats[index]), 0)
        seats[index] = kinds[(current + 1) % len(kinds)]
        self.layout(self.size)

    def cycle_variant(self) -> None:
        spec = self.games[self.game_id]
        cfg = self._config(self.game_id)
        ids = [v.id for v in spec.all_variants(self.app.store)]
        cfg["variant"] = ids[(ids.index(cfg["variant"]) + 1) % len(ids)] if cfg["variant"] in ids else ids[0]
        allowed = self._allowed_players()
        if cfg["players"] not in allowed:
            cfg["players"] = allowed[-1]
            self.change_players(0)
        self.layout(self.size)

    def cycle_option(self, key: str) -> None:
        spec = self.games[self.game_id]
        opt = next(o for o in spec.options if o.key == key)
        cfg = self._config(self.game_id)["options"]
        choices = list(opt.choices)
        cfg[key] = choices[(choices.index(cfg[key]) + 1) % len(choices)] if cfg[key] in choices else choices[0]
        self.layout(self.size)

    def start(self) -> None:
        from tabletop.ui.game_scene import make_scene

        spec = self.games[self.game_id]
        cfg = self._config(self.game_id)
        options = {k: v for k, v in cfg["options"].items()
                   if self._option_shown(next(o for o in spec.options if o.key == k), cfg)}
        try:
            session = new_session(spec, self.app.store, cfg["players"], cfg["variant"], options,
                                  list(cfg["seats"]))
            scene = make_scene(self.app, session)
        except LayoutErrors as exc:
            self.app.message(tr("The board file has errors"), "\n".join(exc.lines()), wide=True)
            return
        except TabletopError as exc:
            self.app.message(tr("Cannot start"), str(exc))
            return
        except Exception as exc:  # a broken game module must not take the menu down
            self.app.message(tr("Cannot start"), tr("{game} could not be opened: {error}", game=tr(spec.title), error=repr(exc)))
            return
        self.app.replace_scenes(scene)

    def continue_game(self) -> None:
        from tabletop.ui.game_scene import make_scene

        loaded = self.app.saves.load()
        if loaded.session is None:
            self.header = None
            self.app.message(tr("Continue"), loaded.message)
            self.layout(self.size)
            return
        try:
            scene = make_scene(self.app, loaded.session)
        except LayoutErrors as exc:
            self.app.message(tr("The board file has errors"), "\n".join(exc.lines()), wide=True)
            return
        except TabletopError as exc:
            self.app.message(tr("Continue"), str(exc))
            return
        self.app.replace_scenes(scene)
        if loaded.message:
            self.app.message(tr("Continue"), loaded.message)

    def update(self, dt: float) -> None:
        # once the menu shows: a bad autosave is set aside with a message (not overwritten unseen
        # by the next game); after `continue` has already reported it, there is nothing left to say
        if not self.save_checked and self.app.top is self:
            self.save_checked = True
            note = self.app.saves.check()
            if note:
                self.header = None
                self.layout(self.size)
                self.app.message(tr("Continue"), note)

    def settings(self) -> None:
        from tabletop.ui.settings import SettingsScene

        self.app.push_scene(SettingsScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def rules(self) -> None:
        spec = self.games[self.game_id]
        self.app.message(tr("How to play {game}", game=tr(spec.title)), rules_text(spec), [(tr("Close"), None)],
                         wide=True)

    # -- layout ----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if not self.games:
            return
        w, h = size
        m = self.metrics
        bh = m.button_h
        buttons: list[Button] = []
        left = pygame.Rect(int(w * 0.05), int(h * 0.2), int(w * 0.36), int(h * 0.62))
        self.left = left
        card_h = min(int(bh * 1.9), (left.h - 3 * m.pad) // max(1, len(self.games)))
        self.cards: list[tuple[str, pygame.Rect]] = []
        for i, gid in enumerate(self.games):
            r = pygame.Rect(left.x, left.y + i * (card_h + m.pad), left.w, card_h - m.pad)
            self.cards.append((gid, r))
            buttons.append(Button("", lambda g=gid: self.select(g), rect=r))
        spec = self.games[self.game_id]
        cfg = self._config(self.game_id)
        rows = self._form_rows(spec, cfg)
        # the form fits between the header and the bottom buttons: rows shrink before anything spills
        top, limit = int(h * 0.2), h - bh - 4 * m.pad
        title_h = m.large + 2 * m.pad
        help_h = 2 * theme.font(m.small).get_linesize() + m.pad
        start_h = bh + 3 * m.pad
        room = limit - top - 4 * m.pad - title_h - help_h - start_h
        row_h = int(max(m.small * 1.7, min(bh * 0.92, room / max(1, len(rows)) - m.pad)))
        content = 4 * m.pad + title_h + len(rows) * (row_h + m.pad) + help_h + start_h
        right = pygame.Rect(int(w * 0.45), top, int(w * 0.5), min(limit - top, max(int(h * 0.62), content)))
        self.right = right
        inner = right.inflate(-4 * m.pad, -4 * m.pad)
        y = inner.y + title_h
        label_w = int(inner.w * 0.34)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.swatches: list[tuple[str, pygame.Rect]] = []
        self.helps: list[tuple[pygame.Rect, str]] = []
        for label, btns, colour, help_text in rows:
            self.labels.append((label, pygame.Rect(inner.x, y, label_w, row_h)))
            if colour:
                self.swatches.append((colour, pygame.Rect(inner.x + label_w - row_h, y, row_h, row_h)))
            x = inner.x + label_w
            bw = (inner.w - label_w - (len(btns) - 1) * m.pad) // len(btns)
            for b in btns:
                b.rect = pygame.Rect(x, y, bw, row_h)
                x += bw + m.pad
                buttons.append(b)
            if help_text:
                self.helps.append((pygame.Rect(inner.x, y, inner.w, row_h), help_text))
            y += row_h + m.pad
        self.help_rect = pygame.Rect(inner.x, y, inner.w, help_h)
        variant = next((v for v in spec.all_variants(self.app.store) if v.id == cfg["variant"]), None)
        self.default_help = tr(variant.help) if variant is not None and variant.help else tr(TAGLINES.get(self.game_id, ""))
        start = Button(tr("Start"), self.start, primary=True, key="Enter")
        rules = Button(tr("How to play"), self.rules)
        start.rect = pygame.Rect(inner.right - int(inner.w * 0.5), self.right.bottom - bh - 2 * m.pad,
                                 int(inner.w * 0.5), bh)
        rules.rect = pygame.Rect(inner.x, self.right.bottom - bh - 2 * m.pad, int(inner.w * 0.45), bh)
        buttons += [start, rules]
        bottom_y = h - bh - 2 * m.pad
        bottom = []
        if self.header:
            game = self.games.get(self.header.get("game", ""))
            label = tr("Continue {game}", game=tr(game.title)) if game else tr("Continue")
            bottom.append(Button(label, self.continue_game, primary=True))
        bottom += [Button(tr("Settings"), self.settings), Button(tr("Quit"), self.quit, key="Esc")]
        bw = int(w * 0.2)
        x = w - int(w * 0.05) - len(bottom) * (bw + m.pad) + m.pad
        self.status_right = x - 2 * m.pad
        for b in bottom:
            b.rect = pygame.Rect(x, bottom_y, bw, bh)
            x += bw + m.pad
        buttons += bottom
        self.row.set(buttons)
        self.start_button = start

    def _form_rows(self, spec, cfg) -> list[tuple[str, list[Button], str, str]]:
        """(label, buttons, seat colour, help) for every row of the new-game form."""
        rows: list[tuple[str, list[Button], str, str]] = []
        allowed = self._allowed_players()
        rows.append((tr("Players"), [
            Button("−", lambda: self.change_players(-1), enabled=cfg["players"] > min(allowed)),
            Button(str(cfg["players"]), lambda: None),
            Button("+", lambda: self.change_players(1), enabled=cfg["players"] < max(allowed))], "", ""))
        colours = spec.colours
        for i, seat in enumerate(cfg["seats"]):
            colour = colours[i % len(colours)] if colours else ""
            text = tr("Person") if seat.is_human else tr("Computer: {level}", level=tr(seat.level))
            label = tr("Seat {n}", n=i + 1) + (f" — {tr(theme.style(colour).name)}" if colour else "")
            rows.append((label, [Button(text, lambda i=i: self.cycle_seat(i))], colour,
                         tr("Click to switch between a person and the computer levels (random, easy, hard).")))
        variants = spec.all_variants(self.app.store)
        if len(variants) > 1:
            current = next((v for v in variants if v.id == cfg["variant"]), variants[0])
            rows.append((tr("Variant"), [Button(tr(current.label), self.cycle_variant)], "", tr(current.help)))
        for opt in spec.options:
            if self._option_shown(opt, cfg):
                rows.append((tr(opt.label), [Button(tr_value(cfg["options"][opt.key]),
                                                    lambda k=opt.key: self.cycle_option(k))], "", tr(opt.help)))
        return rows

    @staticmethod
    def _option_shown(opt, cfg) -> bool:
        return (opt.applies_to(cfg["variant"]) and len(opt.choices) > 1
                and (not opt.players or cfg["players"] in opt.players))

    # -- events and drawing ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.row.click(event.pos):
                self.app.audio.play("click")
            self.dirty = True
        elif event.type == pygame.MOUSEMOTION:
            self.dirty |= self.row.motion(event.pos) or self.right.collidepoint(event.pos)  # help line follows
        elif event.type == pygame.KEYDOWN:
            ids = list(self.games)
            if event.key == pygame.K_ESCAPE:
                self.quit()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and ids:
                i = ids.index(self.game_id) + (1 if event.key == pygame.K_DOWN else -1)
                self.select(ids[i % len(ids)])
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        m = self.metrics
        surface.fill(theme.TABLE)
        pygame.draw.rect(surface, theme.TABLE_DARK, pygame.Rect(0, 0, w, int(h * 0.16)))
        draw.text(surface, "tabletop", (int(w * 0.05), int(h * 0.08)), m.title, theme.PANEL, bold=True,
                  anchor="midleft")
        draw.text(surface, tr("four dice and board games for one table"), (int(w * 0.95), int(h * 0.08)), m.body,
                  (220, 228, 212), anchor="midright")
        if not self.games:
            draw.text(surface, tr("No games are installed."), (w // 2, h // 2), m.large, theme.PANEL, anchor="center")
            return
        hover = {id(b.rect): b.hover for b in self.row.buttons}
        for gid, r in self.cards:
            chosen = gid == self.game_id
            fill = (255, 244, 220) if chosen else ((246, 238, 222) if hover.get(id(r)) else (232, 224, 206))
            draw.shadowed_panel(surface, r, fill=fill, edge=theme.ACCENT if chosen else theme.PANEL_EDGE)
            spec = self.games[gid]
            draw.text(surface, tr(spec.title), (r.x + 2 * m.pad, r.y + m.pad), m.large, theme.INK, bold=True)
            draw.fitted_text(surface, tr(TAGLINES.get(gid, "")),
                             pygame.Rect(r.x + 2 * m.pad, r.bottom - m.body - m.pad * 2, r.w - 4 * m.pad, m.body + m.pad),
                             m.body, theme.INK_SOFT, anchor="midleft")
        draw.shadowed_panel(surface, self.right)
        spec = self.games[self.game_id]
        draw.text(surface, tr("New game: {game}", game=tr(spec.title)), (self.right.x + 2 * m.pad, self.right.y + 2 * m.pad), m.large,
                  theme.INK, bold=True)
        for label, r in self.labels:
            draw.fitted_text(surface, label, r, m.body, theme.INK, anchor="midleft")
        hovered = next((text for rect, text in self.helps if rect.collidepoint(pygame.mouse.get_pos())), None) \
            if pygame.mouse.get_focused() else None
        help_text = hovered or self.default_help
        line_h = theme.font(m.small).get_linesize()
        for i, line in enumerate(theme.wrap(help_text, m.small, self.help_rect.w)[:2]):
            draw.text(surface, line, (self.help_rect.x, self.help_rect.y + i * line_h), m.small, theme.INK_SOFT)
        for colour, r in self.swatches:
            st = theme.style(colour)
            draw.piece(surface, (r.centerx - m.pad, r.centery), r.h * 0.36, st.rgb, st.symbol)
        for b in self.row.buttons:
            if b.label or b.rect not in [c[1] for c in self.cards]:
                b.draw(surface, m.body)
        self.draw_status(surface)

    def draw_status(self, surface: pygame.Surface) -> None:
        """Bottom left, beside Continue: the saved game waiting, and how the last game ended."""
        w, h = surface.get_size()
        m = self.metrics
        x0, right = int(w * 0.05), self.status_right
        lines: list[tuple[str, int]] = []
        if self.header:
            moves = len(self.header.get("moves", []))
            lines.append((tr("A saved game is waiting ({n} moves played).", n=moves), m.body))
        last = self.app.settings["last_result"]
        if last:
            lines += [(line, m.small) for line in
                      theme.wrap(tr("Last game: {result}", result=last), m.small, right - x0)[:2]]
        y = h - 2 * m.pad - sum(theme.font(size).get_linesize() for _, size in lines)
        for line, size in lines:
            draw.fitted_text(surface, line, pygame.Rect(x0, y, right - x0, theme.font(size).get_linesize()), size,
                             theme.PANEL, anchor="midleft", min_size=m.small)
            y += theme.font(size).get_linesize()
