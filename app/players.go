package app

import (
	"crypto/rand"
	"encoding/binary"

	"brass/app/profile"
)

// The players' names and colours are package profile's; the app and its screens use them by
// these names.

// Colour is one of the player colours a game may use.
type Colour = profile.Colour

// Palette is the fixed set of player colours (profile.Palette).
var Palette = profile.Palette

// Player counts and name length the app accepts.
const (
	MinPlayers    = profile.MinPlayers
	MaxPlayers    = profile.MaxPlayers
	MaxNameLength = profile.MaxNameLength
)

// The checks and defaults of names and colours (package profile).
var (
	ColourName      = profile.ColourName
	DefaultColours  = profile.DefaultColours
	DefaultName     = profile.DefaultName
	ValidateColours = profile.ValidateColours
	ValidateNames   = profile.ValidateNames
	PaletteColour   = profile.PaletteColour
	ValidateProfile = profile.Validate
)

// RandomSeed returns a seed from the operating system's (in the browser: the Web Crypto
// API's) random source. It stays below 2^53 so that the seed survives a trip through
// JavaScript numbers in a game file.
func RandomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand.Read crashes the program instead)
	return binary.LittleEndian.Uint64(b[:]) & (1<<53 - 1)
}
