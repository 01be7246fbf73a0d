"""The Activity's web front end: a second adapter beside ``bot/discord``, serving the page, the
OAuth2 code exchange and the play WebSocket (docs/activity.md)."""
