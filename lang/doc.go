// Package lang holds the words the player reads, as data: one catalog per language, a
// JSON file of messages under keys ("start.new_game"), with named placeholders
// ("{name}'s turn"), plural forms by the language's CLDR rules and the few conventions a
// language writes numbers and lists by. English is built in (en.json, embedded) and is
// the fallback for any key another catalog lacks; the others are web/lang/<tag>.json,
// fetched for the language in use only, so a language costs app.wasm nothing.
//
// The catalog format (docs/languages.md says it in full):
//
//	"@language": "de"            the language's BCP 47 tag
//	"@name": "Deutsch"           its own name, for the picker
//	"@plural": "o1oo…"           the CLDR cardinal form of each integer 0–199, a letter each
//	"@group": ".", "@minGroup": 1  the digit group separator and when grouping starts
//	"@and": " und ", "@or": " oder "  what joins the last two items of a list
//	"key": "text with {placeholders}"
//	"key": {"count": "n", "one": "{n} tile", "other": "{n} tiles"}
//
// Nothing here chooses a language or reads the browser: package app does that, and ui
// renders with Current. Nothing language-dependent is ever stored or sent: a game
// records actions, and the engine's refusals and log entries are data that a catalog
// words.
package lang
