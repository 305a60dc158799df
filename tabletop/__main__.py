"""``python -m tabletop`` runs the same command line as the ``tabletop`` program."""

from tabletop.cli import main

raise SystemExit(main())
