package app

import "strings"

// This device's language: the player's choice, kept in its storage beside the other display
// settings, or on a first visit the browser's preferred language among those the server
// offers. Only the choice is stored; nothing language-dependent goes into a game.

// LanguageKey holds the tag of the language chosen on this device ("de"), as a JSON string
// (web/early.js reads it too, to word the start screen before the app runs).
const LanguageKey = "brass/lang"

// Language is a language the app offers: its tag and its own name.
type Language struct {
	Tag  string `json:"tag"`
	Name string `json:"name"`
}

// ChosenLanguage is the language chosen on this device, or "" when none was.
func ChosenLanguage(store Store) string {
	var tag string
	if ok, err := store.Get(LanguageKey, &tag); !ok || err != nil {
		return ""
	}
	return tag
}

// SetLanguage records the language chosen on this device.
func SetLanguage(store Store, tag string) error { return store.Set(LanguageKey, tag) }

// MatchLanguage picks the offered language for a browser's preferences (navigator.languages,
// most wanted first): the first preference whose tag, or whose primary language ("de" of
// "de-AT"), is offered; English when none is. Tags compare without case.
func MatchLanguage(offered []Language, preferred []string) string {
	for _, want := range preferred {
		want = strings.ToLower(want)
		base, _, _ := strings.Cut(want, "-")
		for _, l := range offered {
			if strings.ToLower(l.Tag) == want {
				return l.Tag
			}
		}
		for _, l := range offered {
			if strings.ToLower(l.Tag) == base {
				return l.Tag
			}
		}
	}
	return "en"
}

// Offers reports whether tag is one of the offered languages.
func Offers(offered []Language, tag string) bool {
	for _, l := range offered {
		if l.Tag == tag {
			return true
		}
	}
	return false
}
