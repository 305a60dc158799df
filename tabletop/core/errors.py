"""Errors the rules core raises. Each carries a message meant for a person, not a traceback."""


class TabletopError(Exception):
    """Base of every error the app reports to the user in plain words."""


class IllegalMoveError(TabletopError):
    """A move that the rules do not allow in this state was applied."""


class StateError(TabletopError):
    """A serialized state, save or record is malformed or describes an impossible position."""
