"""The discord.py adapter: the bot, its cogs and views, and the service's Publisher on Discord."""
