// Package profile is what a player is called and which colour they play, and the rules for
// both: the palette, and the checks on names and colours that hotseat and online games share
// (the online lobby checks every other device's choice with them).
package profile

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Colour is one of the player colours a game may use.
type Colour struct {
	Name string // for labels: "Red"
	CSS  string // the CSS colour stored with the game: "#c0392b"
}

// Palette is the fixed set of player colours, in the order new games hand them out. The
// first four are also the board's defaults for players without a colour.
var Palette = []Colour{
	{"Red", "#c0392b"},
	{"Gold", "#e2b714"},
	{"Purple", "#7e57c2"},
	{"Teal", "#16a085"},
	{"Blue", "#2e7fc2"},
	{"Pink", "#d0609a"},
}

// Player counts and name length the app accepts.
const (
	MinPlayers    = 2
	MaxPlayers    = 4
	MaxNameLength = 20 // characters (runes), after trimming
)

// ColourName names a palette colour ("Red"), or returns css unchanged when it is not one.
func ColourName(css string) string {
	for _, c := range Palette {
		if strings.EqualFold(c.CSS, css) {
			return c.Name
		}
	}
	return css
}

// DefaultColours returns the first n palette colours.
func DefaultColours(n int) []string {
	out := make([]string, 0, n)
	for i := 0; i < n && i < len(Palette); i++ {
		out = append(out, Palette[i].CSS)
	}
	return out
}

// DefaultName is the name a player gets when none is given: "Player 1" for seat 0.
func DefaultName(seat int) string { return fmt.Sprintf("Player %d", seat+1) }

// ValidateColours checks that there is one colour per player, each from the palette and
// all different, and returns them in the palette's spelling.
func ValidateColours(colours []string, players int) ([]string, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("A game has %d to %d players, not %d.", MinPlayers, MaxPlayers, players)
	}
	if len(colours) != players {
		return nil, fmt.Errorf("%d colours were given for %d players.", len(colours), players)
	}
	out := make([]string, players)
	for i, c := range colours {
		css, ok := PaletteColour(c)
		if !ok {
			return nil, fmt.Errorf("Player %d's colour %q is not one of the game's colours.", i+1, strings.TrimSpace(c))
		}
		out[i] = css
		for j := 0; j < i; j++ {
			if out[j] == out[i] {
				return nil, fmt.Errorf("Players %d and %d both have %s: each player needs a different colour.", j+1, i+1, ColourName(out[i]))
			}
		}
	}
	return out, nil
}

// ValidateNames trims the players' names and checks them: one per player, none empty,
// at most MaxNameLength characters, no control characters, no two alike (ignoring case).
// No names at all gives the defaults "Player 1", "Player 2"…
func ValidateNames(names []string, players int) ([]string, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("A game has %d to %d players, not %d.", MinPlayers, MaxPlayers, players)
	}
	if len(names) == 0 {
		out := make([]string, players)
		for i := range out {
			out[i] = DefaultName(i)
		}
		return out, nil
	}
	if len(names) != players {
		return nil, fmt.Errorf("%d names were given for %d players.", len(names), players)
	}
	out := make([]string, players)
	for i, n := range names {
		n, err := checkName(n, fmt.Sprintf("Player %d", i+1))
		if err != nil {
			return nil, err
		}
		for j := 0; j < i; j++ {
			if strings.EqualFold(out[j], n) {
				return nil, fmt.Errorf("Players %d and %d are both called %q: names must differ.", j+1, i+1, n)
			}
		}
		out[i] = n
	}
	return out, nil
}

// checkName trims a name and checks it: not empty, at most MaxNameLength characters, valid
// text without control characters. who starts the error ("Player 2", "Your").
func checkName(n, who string) (string, error) {
	n = strings.TrimSpace(n)
	switch {
	case n == "":
		return "", fmt.Errorf("%s needs a name.", who)
	case !utf8.ValidString(n):
		return "", fmt.Errorf("%s's name is not valid text.", who)
	case utf8.RuneCountInString(n) > MaxNameLength:
		return "", fmt.Errorf("%s's name is too long: at most %d characters.", who, MaxNameLength)
	case strings.IndexFunc(n, unicode.IsControl) >= 0:
		return "", fmt.Errorf("%s's name contains a control character.", who)
	}
	return n, nil
}

// PaletteColour returns a palette colour given by its CSS value or name, in the palette's
// spelling.
func PaletteColour(c string) (string, bool) {
	c = strings.TrimSpace(c)
	for _, p := range Palette {
		if strings.EqualFold(p.CSS, c) || strings.EqualFold(p.Name, c) {
			return p.CSS, true
		}
	}
	return "", false
}

// Validate checks one player's name and colour (an online player's own choice).
func Validate(name, colour string) (string, string, error) {
	n, err := checkName(name, "You")
	if err != nil {
		return "", "", err
	}
	c, ok := PaletteColour(colour)
	if !ok {
		return "", "", fmt.Errorf("The colour %q is not one of the game's colours.", colour)
	}
	return n, c, nil
}

// FreeColour is the colour a player asked for, or, when it is not the palette's or is taken,
// the first palette colour not taken (the first of all when every one is): a lobby's rule for
// the seats' colours, the live lobby's and the mailbox's alike.
func FreeColour(want string, taken func(css string) bool) string {
	if c, ok := PaletteColour(want); ok && !taken(c) {
		return c
	}
	for _, p := range Palette {
		if !taken(p.CSS) {
			return p.CSS
		}
	}
	return Palette[0].CSS
}
