//go:build wasm

package ui

// earlyDialogs is drawn by the server only (start_prerender.go): the app never prerenders.
func (s *startScreen) earlyDialogs() string { return "<template></template>" }
