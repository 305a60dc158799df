"""Turn YAML text into PyYAML nodes with the cost bounded *while* composing, never after.

Why not ``yaml.compose``: it recurses once per nesting level (a file of 3,000 ``[`` raises
RecursionError), it builds every node of a 1 MB flow list before anyone can count them (40 s and
hundreds of MB), and it lets aliases share nodes, so a few lines can stand for 10^8 values that a
later ``repr`` or ``json.dumps`` would walk. Here PyYAML's parser hands us events one at a time and
an explicit stack builds the nodes, so that

- the nesting depth is checked at every opening bracket (an error at that bracket),
- the *expanded* size is counted as the nodes arrive (an alias costs as much as the value it
  repeats), and composing stops at the first value past the limit,
- an alias is only allowed to a value that is already complete (no self-referencing cycles).

The pure-Python parser is used on purpose even where libyaml is installed: error messages and
what is accepted (tabs, for one) must not depend on how PyYAML was built.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from tabletop.layout.phrase import Phrase

MAX_NODES = 20_000
"""Values a board may hold after aliases are expanded (the largest shipped board has ~2,000)."""

MAX_DEPTH = 40
"""Nesting levels a board may use (the shipped boards use 5)."""


class ComposeLimit(Exception):
    """The document is too big or too deep; ``mark`` is where the limit was crossed."""

    def __init__(self, what: Phrase, mark: yaml.Mark | None) -> None:
        super().__init__(str(what))
        self.what = what
        self.mark = mark


@dataclass
class _Open:
    """A sequence or mapping whose end event has not come yet."""

    node: yaml.CollectionNode
    anchor: str | None
    size: int = 1
    height: int = 1
    key: yaml.Node | None = None
    key_size: int = 0
    key_height: int = 0
    pending: list[tuple[yaml.Node, yaml.Node]] = field(default_factory=list)


def compose(text: str, max_nodes: int = MAX_NODES, max_depth: int = MAX_DEPTH) -> yaml.Node | None:
    """The single document of ``text`` as a node tree, or None for a stream without one.

    Raises ``yaml.YAMLError`` for syntax errors (as PyYAML does) and :class:`ComposeLimit`."""
    loader = yaml.SafeLoader(text)
    try:
        loader.get_event()  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            return None
        loader.get_event()  # document start
        root = _compose_root(loader, max_nodes, max_depth)
        loader.get_event()  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            raise yaml.composer.ComposerError(None, None, "a second YAML document begins here (a '---' "
                                              "line?); a board file holds one", event.start_mark)
        return root
    finally:
        loader.dispose()


def _compose_root(loader: yaml.SafeLoader, max_nodes: int, max_depth: int) -> yaml.Node:
    anchors: dict[str, tuple[yaml.Node, int, int]] = {}  # anchor -> (node, expanded size, height)
    stack: list[_Open] = []
    total = 0

    def define(anchor: str | None, node: yaml.Node, size: int, height: int) -> None:
        if anchor is None:
            return
        if anchor in anchors:
            raise yaml.composer.ComposerError(f"found duplicate anchor {anchor!r}; first occurrence",
                                              anchors[anchor][0].start_mark, "second occurrence",
                                              node.start_mark)
        anchors[anchor] = (node, size, height)

    while True:
        event = loader.get_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in anchors:
                raise yaml.composer.ComposerError(None, None, f"found undefined alias {event.anchor!r}",
                                                  event.start_mark)
            node, size, height = anchors[event.anchor]
        elif isinstance(event, yaml.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
            size, height = 1, 0
            define(event.anchor, node, size, height)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if len(stack) + 1 > max_depth:
                raise ComposeLimit(_too_deep(max_depth), event.start_mark)
            total += 1
            if total > max_nodes:
                raise ComposeLimit(_too_big(max_nodes), event.start_mark)
            kind = yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent) else yaml.MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(kind, None, event.implicit)
            stack.append(_Open(kind(tag, [], event.start_mark, None, flow_style=event.flow_style), event.anchor))
            continue
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            done = stack.pop()
            node = done.node
            node.end_mark = event.end_mark
            if isinstance(node, yaml.MappingNode):
                node.value = done.pending
            size, height = done.size, done.height
            define(done.anchor, node, size, height)
            if not stack:
                return node
            _attach(stack[-1], node, size, height)
            continue
        else:  # pragma: no cover - the parser only yields the events above inside a document
            raise yaml.composer.ComposerError(None, None, f"unexpected {type(event).__name__}", event.start_mark)
        # a scalar or an alias: a complete value (an alias costs what it repeats)
        total += size
        if total > max_nodes:
            raise ComposeLimit(_too_big(max_nodes), event.start_mark)
        if len(stack) + height > max_depth:
            raise ComposeLimit(_too_deep(max_depth), event.start_mark)
        if not stack:
            return node
        _attach(stack[-1], node, size, height)


def _attach(parent: _Open, node: yaml.Node, size: int, height: int) -> None:
    """Add a finished value to the open collection (a mapping takes a key, then its value)."""
    parent.size += size
    parent.height = max(parent.height, height + 1)
    if isinstance(parent.node, yaml.SequenceNode):
        parent.node.value.append(node)
    elif parent.key is None:
        parent.key = node
    else:
        parent.pending.append((parent.key, node))
        parent.key = None


def _too_big(max_nodes: int) -> Phrase:
    return Phrase("the file holds more than {n} values (counting what aliases repeat)", n=f"{max_nodes:,}")


def _too_deep(max_depth: int) -> Phrase:
    return Phrase("the file nests deeper than {n} levels", n=max_depth)
