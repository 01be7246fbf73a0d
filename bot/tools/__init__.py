"""Programs around the bot (the no-token sandbox, copying a database): the only code that imports standin."""
