// Package app is the client side of Brass beyond the components: the game session the UI
// talks to (hotseat now; online and bot seats later), saved games in browser storage, and
// export and import of game files.
package app
