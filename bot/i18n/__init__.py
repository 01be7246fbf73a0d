"""Every user-facing word in four languages: imports only core and the locales."""
