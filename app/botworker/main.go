//go:build js && wasm

// Command botworker is the bot-only wasm that thinks for bots in a Web Worker
// (web/botworker.js loads it): the page's own wasm stays responsive while a bot searches.
// Each message is a JSON {"id":…,"request":{…}}; the answer is {"id":…,"reply":{…}}.
package main

import (
	"encoding/json"
	"syscall/js"

	"brass/app/botbrain"
	"brass/app/botproto"
)

func main() {
	think := js.FuncOf(func(this js.Value, args []js.Value) any {
		var in botproto.Envelope
		out := botproto.Envelope{Reply: &botproto.Reply{}}
		if len(args) != 1 || json.Unmarshal([]byte(args[0].String()), &in) != nil || in.Request == nil {
			out.ID = in.ID // known if the envelope parsed: the page's question then gets its answer
			out.Reply.Error = "the bot worker got a message it does not understand"
		} else {
			out.ID = in.ID
			r := botbrain.Decide(*in.Request)
			out.Reply = &r
		}
		b, _ := json.Marshal(out)
		js.Global().Call("postMessage", string(b))
		return nil
	})
	js.Global().Set("brassThink", think)
	js.Global().Call("brassReady")
	select {}
}
