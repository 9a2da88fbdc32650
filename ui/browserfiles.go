package ui

// Files in and out of the browser: downloading bytes as a file, reading a chosen file.
// Both go through go-app's Value API (syscall/js in the browser; inert stubs natively).

import (
	"errors"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// downloadFile hands data to the browser as a file download: a Blob, an object URL and a
// temporary <a download> clicked once. The URL is revoked a while later (revoking it at
// once can cancel the download in some browsers).
func downloadFile(ctx goapp.Context, filename, mime string, data []byte) {
	win := goapp.Window()
	bytes := win.Get("Uint8Array").New(len(data))
	goapp.CopyBytesToJS(bytes, data)
	blob := win.Get("Blob").New([]any{bytes}, map[string]any{"type": mime})
	url := win.Get("URL").Call("createObjectURL", blob)
	doc := win.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", filename)
	a.Set("hidden", true)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	ctx.After(time.Minute, func(goapp.Context) {
		goapp.Window().Get("URL").Call("revokeObjectURL", url)
	})
}

// readFileText reads a File (from an <input type=file>) as UTF-8 text with a FileReader and
// calls done from the reader's load or error event, outside the UI goroutine: done must
// hand its work to the UI goroutine with ctx.Dispatch.
func readFileText(file goapp.Value, done func(text string, err error)) {
	reader := goapp.Window().Get("FileReader").New()
	var onLoad, onError goapp.Func
	release := func() {
		onLoad.Release()
		onError.Release()
	}
	onLoad = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		result := reader.Get("result")
		release()
		if result.Type() != goapp.TypeString {
			done("", errors.New("the browser returned no text"))
			return nil
		}
		done(result.String(), nil)
		return nil
	})
	onError = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		msg := "the browser could not read it"
		if e := reader.Get("error"); e.Truthy() {
			if m := e.Get("message"); m.Type() == goapp.TypeString && m.String() != "" {
				msg = m.String()
			}
		}
		release()
		done("", errors.New(msg))
		return nil
	})
	reader.Set("onload", onLoad)
	reader.Set("onerror", onError)
	reader.Call("readAsText", file)
}
