"""Game-independent computer players over the GameState protocol. No pygame here."""
