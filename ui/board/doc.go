// Package board draws the game board as SVG and lets a player point at it. Frame holds the
// board with its zoom, pan and taps, and the details card of whatever is pointed at. The
// board draws the parts that never change once (static.go), and each changing piece (a
// line, a town, a merchant, a market, the track's markers: piece_*.go) as a component of
// its own. Each edition's layout is data (layout_*.go), apart from the drawing; hit.go finds
// the target nearest a tap. The game screen (package ui) gives the Frame its Props (the
// state, the players' colours and names, what to highlight) and hears back the Target
// chosen.
package board
