"""The Discord front end: the bot, its slash commands and buttons, and the messenger that posts.

Thin glue over bot/tables: nothing here decides anything about a game."""
