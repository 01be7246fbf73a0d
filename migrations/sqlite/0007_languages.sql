-- Languages and dictionaries (issue 11): a server's language (its messages, and the default of
-- its rounds) and dictionary ('full' or 'everyday'); each round keeps the language and dictionary
-- it started with, so a restart and Play again go on in them. Rows from before read as English
-- on the full dictionary, as they were played. No CHECK on the values: the bot validates them
-- (bot/languages.py), and a language added later must not need SQLite to rebuild a table.

ALTER TABLE server_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE server_settings ADD COLUMN dictionary TEXT NOT NULL DEFAULT 'full';
ALTER TABLE rounds ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE rounds ADD COLUMN dictionary TEXT NOT NULL DEFAULT 'full';
