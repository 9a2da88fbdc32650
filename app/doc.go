// Package app is the client side of Brass beyond the components: the game sessions the UI
// talks to (hotseat with or without bots, and online play, whose protocol is package
// app/online), saved games in browser storage, and export and import of game files.
package app
