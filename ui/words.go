package ui

import (
	"strconv"
	"strings"

	"brass/lang"
)

// Words every part of the screen shares, in the language in use (docs/languages.md).

// eraWords is an era's name in the language in use, from the English name a saved game's
// summary keeps ("Canal Era").
func eraWords(era string) string {
	switch era {
	case "Canal Era":
		return lang.T("era.canal")
	case "Rail Era":
		return lang.T("era.rail")
	}
	return era
}

// colourWords is a palette colour's name ("Red") in the language in use.
func colourWords(name string) string { return lang.T("colour." + strings.ToLower(name)) }

// botLevelWords is a bot level's name ("easy": "Easy") in the language in use.
func botLevelWords(level string) string { return lang.T("bot.level." + level) }

// ordinalWords is a place in the turn order or the standings, 1–4 ("1st").
func ordinalWords(n int) string { return lang.T("ordinal." + strconv.Itoa(n)) }
