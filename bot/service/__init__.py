"""The game as a service, for any front end: no discord, aiohttp, database driver or Pillow here."""
