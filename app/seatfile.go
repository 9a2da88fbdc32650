package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"brass/app/deal"
)

// Keeping a seat without an account. In an own-pace game a seat is its device's key: the game
// as this device stores it (its key for the game, its side of the deal, the invitation, where
// it got to in the mailbox). A player who clears the browser's data loses the seat: the other
// players can then only end the game. So a seat can be moved: exported to a file that holds
// all of it, and imported on another device (or the same browser after clearing it), which
// takes the game up and reads the rest from the mailbox.
//
// The file is secret, as a password is: whoever holds it plays the seat. And a seat must never
// be played on two devices at once: two devices signing different moves for one seat is what
// the protocol names equivocation, and it stops the game. The screens say both.

// SeatFileKind marks a seat file (a game file's "kind"; game files have none).
const SeatFileKind = "brass-seat"

// seatFile is an exported seat.
type seatFile struct {
	App     string                 `json:"app"`
	Kind    string                 `json:"kind"`
	Warning string                 `json:"warning"`
	Game    savedGame              `json:"game"`
	Passes  map[string][]deal.Pass `json:"passes,omitempty"`
}

const seatWarning = "This file is a seat in an online game at your own pace: whoever holds it plays as you. Keep it private. Import it on one device only, and stop playing the game where it came from: a seat played on two devices is taken for cheating, and the game stops."

// ExportSeat writes an own-pace game's seat, secrets and all, to a file for another device.
func ExportSeat(store Store, id string) (data []byte, filename string, err error) {
	sg, err := loadGame(store, id)
	if err != nil {
		return nil, "", err
	}
	if sg.Online == nil || sg.Online.Pace == nil {
		return nil, "", &Error{Msg: "Only a seat in a game at your own pace can be moved to another device."}
	}
	f := seatFile{App: FileApp, Kind: SeatFileKind, Warning: seatWarning, Game: sg}
	if _, err := store.Get(dealPassesPrefix+id, &f.Passes); err != nil {
		return nil, "", &Error{Msg: "This game's deal could not be read: " + err.Error(), Err: err}
	}
	data, err = json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, "", err
	}
	me := ""
	for i, p := range sg.Online.Players {
		if p == sg.Online.Me && i < len(sg.Record.Config.Names) {
			me = sg.Record.Config.Names[i]
		}
	}
	return data, "brass-seat-" + fileSlug(me) + "-" + id[:8] + ".json", nil
}

// fileSlug keeps a name's letters and digits for a file name.
func fileSlug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "player"
	}
	return b.String()
}

// isSeatFile reports whether data is an exported seat rather than a game file.
func isSeatFile(data []byte) bool {
	var probe struct{ Kind string }
	return json.Unmarshal(data, &probe) == nil && probe.Kind == SeatFileKind
}

// ImportSeat takes up a seat exported from another device: the game is checked as it is when
// reopened (its signed moves, its side of the deal) and stored; it then reads the rest from
// the mailbox. A device that holds the game already keeps its own.
func ImportSeat(store Store, data []byte) (id string, err error) {
	var f seatFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil || f.App != FileApp || f.Kind != SeatFileKind {
		return "", &Error{Msg: "This file is not a seat of a Brass game.", Err: err}
	}
	sg := f.Game
	if !validID(sg.ID) || sg.Online == nil || sg.Online.Pace == nil {
		return "", &Error{Msg: "This seat file does not hold a game at your own pace."}
	}
	if _, err := loadGame(store, sg.ID); err == nil {
		return "", &Error{Msg: "This device holds this game already: play it here, or delete it here first. A seat must never be played on two devices."}
	}
	// Checked on a copy first: nothing is stored unless the game takes up.
	check := NewMemoryStore()
	if f.Passes != nil {
		if err := check.Set(dealPassesPrefix+sg.ID, f.Passes); err != nil {
			return "", err
		}
	}
	rep, _, err := resumeReplica(check, sg, OnlineOptions{})
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return "", &Error{Msg: "This seat cannot be taken up: " + sentenceFragment(e.Msg), Err: err}
		}
		return "", err
	}
	if err := rep.CheckDeal(); err != nil { // (a file: every point checked now, not as the deal needs it)
		return "", &Error{Msg: "This seat cannot be taken up: its side of the deal does not verify: " + sentenceFragment(err.Error()), Err: err}
	}
	g, err := replayStored(sg.Record)
	if err != nil {
		return "", &Error{Msg: fmt.Sprintf("This seat's game does not replay: %v", err), Err: err}
	}
	if f.Passes != nil {
		if err := store.Set(dealPassesPrefix+sg.ID, f.Passes); err != nil {
			return "", err
		}
	}
	if err := saveGame(store, sg, g); err != nil {
		return "", err
	}
	return sg.ID, nil
}
