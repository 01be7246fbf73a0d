"""Every user-facing word in every language the game speaks: imports only core and the locales."""
