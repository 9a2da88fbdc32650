package ui

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// What a person did on the prerendered start screen before the app ran. web/early.js lets
// the server's HTML open the new-game and online dialogs and take input while the wasm is
// still on its way, and records every open, close, field change and press of Start or Join
// in order. The app takes that record once, as it starts (takeEarly), and the start screen
// and the dialogs replay it through their own code (each dialog's replay), so the person
// finds the dialog open with what they chose, and a Start pressed early runs once.

// earlyEvent is one recorded step.
type earlyEvent struct {
	T  string `json:"t"`  // "open", "close", "input", "change" or "submit"
	ID string `json:"id"` // the dialog (open, close, submit) or the field
	V  string `json:"v"`  // a field's value; for opening the online dialog, a join link's code
	C  bool   `json:"c"`  // whether a checkbox or radio is checked
}

// earlyRecord is the whole record and the element that had the focus when it was taken.
type earlyRecord struct {
	Events []earlyEvent `json:"events"`
	Focus  string       `json:"focus"`
}

// staticClass marks a dialog's form drawn with every field (web/app.css shows the ones that
// apply from the fields checked), as the server prerenders it for web/early.js.
func staticClass(static bool) string {
	if static {
		return "ng-static"
	}
	return ""
}

// maxEarlyEvents bounds what is replayed (early.js keeps no more either).
const maxEarlyEvents = 400

// takeEarly takes the record from web/early.js, once: nil on the server, when the script did
// not run, or when the record cannot be read.
func takeEarly() *earlyRecord {
	if !goapp.IsClient {
		return nil
	}
	early := goapp.Window().Get("brassEarly")
	if !early.Truthy() {
		return nil
	}
	return parseEarly(early.Call("take").String())
}

// parseEarly reads a record; anything unreadable is no record.
func parseEarly(s string) *earlyRecord {
	var r earlyRecord
	if s == "" || json.Unmarshal([]byte(s), &r) != nil {
		return nil
	}
	if len(r.Events) > maxEarlyEvents {
		r.Events = r.Events[:maxEarlyEvents]
	}
	return &r
}

// acted reports whether the person did anything before the app ran (a join link opening
// the online dialog counts: the link asked for it).
func (r *earlyRecord) acted() bool { return r != nil && len(r.Events) > 0 }

// earlyDialog is what the record leaves open: the dialog ("" when none), the events given
// to it since it was last opened, and a join link's code if a link opened it.
type earlyDialog struct {
	id     string
	code   string
	events []earlyEvent
	// linked is the code of a join link the record opened, even if the person closed its
	// dialog again: the start screen must not open it a second time.
	linked string
}

// open works out which dialog the record leaves open and with what.
func (r *earlyRecord) open() earlyDialog {
	var d earlyDialog
	if r == nil {
		return d
	}
	for _, ev := range r.Events {
		switch ev.T {
		case "open":
			d.id, d.code, d.events = ev.ID, "", nil
			if ev.ID == "online-dialog" && ev.V != "" {
				d.code, d.linked = ev.V, ev.V
			}
		case "close":
			d.id, d.code, d.events = "", "", nil
		default:
			if d.id != "" {
				d.events = append(d.events, ev)
			}
		}
	}
	return d
}
