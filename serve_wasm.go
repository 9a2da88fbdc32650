//go:build wasm

package main

// serve does nothing in the wasm client: app.RunWhenOnBrowser never
// returns there, and the server code must stay out of the binary.
func serve() {}
