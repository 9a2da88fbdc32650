//go:build js

package app

import (
	"context"
	"errors"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pushHTTP makes one request to the push service with the browser's fetch (net/http's client
// would add megabytes to app.wasm) and returns its status and (up to 4 KiB of) its body.
// Call it from a goroutine: it waits for the answer.
func pushHTTP(ctx context.Context, method, url string, body []byte) (int, []byte, error) {
	init := map[string]any{"method": method, "headers": map[string]any{"Content-Type": "application/json"}, "credentials": "same-origin"}
	if body != nil {
		init["body"] = string(body)
	}
	res, err := Await(ctx, goapp.Window().Call("fetch", url, init))
	if err != nil {
		return 0, nil, err
	}
	text, err := Await(ctx, res.Call("text"))
	if err != nil {
		return 0, nil, err
	}
	answer := text.String()
	if len(answer) > 4096 {
		answer = answer[:4096]
	}
	return res.Get("status").Int(), []byte(answer), nil
}

// Await waits for a JavaScript promise, or the context's end (call it from a goroutine that
// is not the UI's). A rejection's message is the error.
func Await(ctx context.Context, p goapp.Value) (goapp.Value, error) {
	type result struct {
		v   goapp.Value
		err error
	}
	done := make(chan result, 1)
	then := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		v := goapp.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		done <- result{v: v}
		return nil
	})
	catch := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		msg := "it was refused"
		if len(args) > 0 && args[0].Truthy() {
			if m := args[0].Get("message"); m.Truthy() {
				msg = m.String()
			} else {
				msg = args[0].Call("toString").String()
			}
		}
		done <- result{err: errors.New(msg)}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return goapp.Undefined(), ctx.Err()
	}
}
