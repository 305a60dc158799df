"""Shared pygame widgets, the theme, the menu and the game-scene frame."""
