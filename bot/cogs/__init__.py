"""One cog per feature; cogs translate between Discord and the round manager, no game rule here."""

EXTENSIONS = (
    "bot.cogs.game",
    "bot.cogs.after",
    "bot.cogs.guesses",
    "bot.cogs.leaderboard",
    "bot.cogs.stats",
    "bot.cogs.config",
    "bot.cogs.daily",
)
