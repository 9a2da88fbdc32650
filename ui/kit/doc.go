// Package kit holds the small pieces every part of the game screen shares: SVG elements,
// the industries' colours and pictograms, the town banners' colours, players' colours and
// names, and how numbers, money and tile levels are written. The board (ui/board) and the
// panels, hand, log and dialogs around it (ui) all draw with these, so an icon or an amount
// looks the same everywhere.
package kit
