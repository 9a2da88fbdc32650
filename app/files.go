package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"brass/app/deal"
	"brass/app/dealer"
	"brass/app/online"
	"brass/engine"
)

// FileApp is the "app" field of an exported game file.
const FileApp = "brass"

// MaxFileBytes is the largest game file ImportGame reads. A whole recorded game is a few
// tens of kilobytes.
const MaxFileBytes = 4 << 20

// gameFile is the export file: the engine's record (format, config, moves) at the top
// level, so that engine.ParseRecord reads it as it is, plus the app's own fields.
type gameFile struct {
	App     string        `json:"app"`
	Format  int           `json:"format"`
	Config  engine.Config `json:"config"`
	Colours []string      `json:"colours,omitempty"`
	Moves   []engine.Move `json:"moves"`
	// Reveals: in a game whose cards the devices dealt, what the deal showed the exporting
	// device (its own cards, the Distant Market tiles), so that the file replays.
	Reveals []engine.Reveal `json:"reveals,omitempty"`
	// Signed is an online game's moves with every player's signatures, so that anyone can
	// check afterwards that each move is its player's (app/online).
	Signed *signedMoves `json:"signed,omitempty"`
	// Deal: in a finished game whose cards the devices dealt, once its audit is done, every
	// deal's passes and every seat's audit keys, so that anyone can check afterwards that
	// every card was the card the shuffled deck held (app/dealer.VerifyRecord).
	Deal *dealer.Record `json:"deal,omitempty"`
}

// signedMoves is what checks an online game's record: its id, every seat's key, the moves
// as signed, the agreed undos behind any move made again (each with its maker's signed
// request and every other player's yes), and a player's signed ending of a game a device
// held up.
type signedMoves struct {
	Game   string             `json:"game"`
	Keys   []online.PublicKey `json:"keys"`
	Boxes  []online.BoxKey    `json:"boxes,omitempty"`
	Moves  []online.Signed    `json:"moves"`
	Undos  []online.UndoProof `json:"undos,omitempty"`
	Ending *online.Ending     `json:"ending,omitempty"`
}

// verify checks the signatures against the record: every move signed by its seat's key (or a
// seat bot's runner), in one chain from the game's start, and the same moves as the record.
// It returns the game replayed from the signed moves.
func (sm *signedMoves) verify(rec engine.Record) (*online.Ledger, error) {
	g := online.Genesis{Game: sm.Game, Config: rec.Config, Keys: sm.Keys, Boxes: sm.Boxes}
	var l *online.Ledger
	var err error
	if rec.Config.Dealt {
		l, err = online.VerifyDealtRecord(g, sm.Moves, rec.Reveals)
	} else {
		l, err = online.VerifyRecord(g, sm.Moves, sm.Undos, online.AnyRunner)
	}
	if err != nil {
		return nil, err
	}
	if sm.Ending != nil {
		if err := sm.Ending.Check(g); err != nil {
			return nil, fmt.Errorf("its ending: %w", err)
		}
	}
	if l.Len() != len(rec.Moves) {
		return nil, fmt.Errorf("%d moves are signed, the record has %d", l.Len(), len(rec.Moves))
	}
	for i, m := range rec.Moves {
		if !sameMoves(l.At(i).Move, m) {
			return nil, fmt.Errorf("move %d is not the move signed", i+1)
		}
	}
	return l, nil
}

// verifyDeal re-checks a dealt game's deal from the file's record of it, against the game
// the signed moves replay and the cards each move proved it played.
func (sm *signedMoves) verifyDeal(l *online.Ledger, d dealer.Record) error {
	proofs := map[int]*deal.Keys{}
	for i, s := range sm.Moves {
		if s.Proof != nil {
			proofs[i] = s.Proof
		}
	}
	return dealer.VerifyRecord(l.Game(), sm.Game, proofs, d)
}

// dealRecord is a saved online game's deal as a file keeps it, once its audit is done: the
// device's saved dealer with the passes stored apart put back (ok false before the audit).
func dealRecord(store Store, id string, saved dealer.Saved) (rec dealer.Record, ok bool) {
	saved.Deals = append([]deal.Saved(nil), saved.Deals...) // (the caller's stay as they are)
	if _, err := putStoredPasses(store, id, &saved); err != nil {
		return dealer.Record{}, false
	}
	return dealer.RecordOf(saved)
}

// putStoredPasses gives a saved dealer back the locked deals' passes, which the store keeps
// apart (Online.save), and says how many deals' passes it found.
func putStoredPasses(store Store, id string, saved *dealer.Saved) (int, error) {
	var passes map[string][]deal.Pass
	if _, err := store.Get(dealPassesPrefix+id, &passes); err != nil {
		return 0, err
	}
	return len(passes), saved.PutPasses(passes)
}

func sameMoves(a, b engine.Move) bool {
	a.At, b.At = nil, nil
	return a.String() == b.String()
}

// ExportGame returns a saved game as a pretty-printed JSON file and a file name for it
// ("brass-ada-brunel-kate-42-moves.json").
func ExportGame(store Store, id string) (data []byte, filename string, err error) {
	sg, err := loadGame(store, id)
	if err != nil {
		return nil, "", err
	}
	f := gameFile{
		App:     FileApp,
		Format:  sg.Record.Format,
		Config:  sg.Record.Config,
		Colours: sg.Colours,
		Moves:   sg.Record.Moves,
		Reveals: sg.Record.Reveals,
	}
	if f.Format == 0 {
		f.Format = engine.RecordFormat
	}
	if f.Moves == nil {
		f.Moves = []engine.Move{}
	}
	if m := sg.Online; m != nil && len(m.Keys) > 0 {
		f.Signed = &signedMoves{Game: sg.ID, Keys: m.Keys, Boxes: m.Boxes, Moves: m.Signed, Undos: m.Undos, Ending: m.Ending}
		if m.Deal != nil {
			if rec, ok := dealRecord(store, sg.ID, m.Deal.Dealer); ok {
				f.Deal = &rec
			}
		}
	}
	data, err = json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, "", err
	}
	return append(data, '\n'), exportName(sg), nil
}

// exportName builds a file name from the players' names and the number of moves, using
// only a-z, 0-9 and dashes.
func exportName(sg savedGame) string {
	var b strings.Builder
	b.WriteString("brass")
	for _, n := range sg.Record.Config.Names {
		part := slug(n)
		if part == "" || b.Len()+len(part) > 60 {
			continue
		}
		b.WriteString("-" + part)
	}
	if b.Len() == len("brass") {
		b.WriteString("-" + slug(sg.ID))
	}
	fmt.Fprintf(&b, "-%d-moves.json", len(sg.Record.Moves))
	return b.String()
}

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	return b.String()
}

// ImportGame reads a game file (an export, or a bare engine record) and saves it as a new
// game with a new id; it never overwrites a stored game. A file that is not JSON, not a
// Brass game, from a newer format version, with a bad setup, or that does not replay is
// refused with an *Error whose message tells the player what is wrong (for a move that
// does not replay: which move, and why), and nothing is written.
func ImportGame(store Store, data []byte, opts ...Option) (id string, err error) {
	o := makeOptions(opts)
	refuse := func(cause error, format string, args ...any) (string, error) {
		return "", &Error{Msg: fmt.Sprintf(format, args...), Err: cause}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 byte order mark
	if len(bytes.TrimSpace(data)) == 0 {
		return refuse(nil, "This file is empty: it is not a Brass game.")
	}
	if len(data) > MaxFileBytes {
		return refuse(nil, "This file is too large to be a Brass game (%d KB; a game file is at most %d KB).", len(data)>>10, MaxFileBytes>>10)
	}
	if !json.Valid(data) {
		return refuse(nil, "This file is not a Brass game: it is not a JSON file, or it is damaged.")
	}
	if isSeatFile(data) {
		return ImportSeat(store, data) // a seat moved from another device (seatfile.go)
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return refuse(err, "This file is not a Brass game: it holds no game.")
	}
	if raw, ok := probe["app"]; ok {
		var name string
		if json.Unmarshal(raw, &name) != nil || name != FileApp {
			return refuse(nil, "This file was written by another program (%s), not by Brass.", truncate(string(raw), 40))
		}
	}
	rec, err := engine.ParseRecord(data)
	if err != nil {
		return refuse(err, "%s", sentence(err.Error()))
	}
	var extra struct {
		Colours []string `json:"colours"`
	}
	if err := json.Unmarshal(data, &extra); err != nil {
		return refuse(err, "This game file is damaged: its player colours are not a list of colours.")
	}
	var signed struct {
		Signed *signedMoves   `json:"signed"`
		Deal   *dealer.Record `json:"deal"`
	}
	if err := json.Unmarshal(data, &signed); err != nil {
		return refuse(err, "This game file is damaged: its signatures or its deal cannot be read.")
	}
	if signed.Deal != nil && (signed.Signed == nil || !rec.Config.Dealt) {
		return refuse(nil, "This game file is damaged: it has a record of a deal, but not of an online game whose devices dealt the cards.")
	}
	if signed.Signed != nil {
		l, err := signed.Signed.verify(rec)
		if err != nil {
			return refuse(err, "This online game's signatures do not check out (%s): the file was changed after the game.", err.Error())
		}
		if signed.Deal != nil {
			if err := signed.Signed.verifyDeal(l, *signed.Deal); err != nil {
				return refuse(err, "This online game's deal does not check out (%s): the file was changed after the game, or a device cheated.", err.Error())
			}
		}
	}
	cfg := rec.Config
	if cfg.Players < MinPlayers || cfg.Players > MaxPlayers {
		return refuse(nil, "This game file's setup is not valid: a game has %d to %d players, not %d.", MinPlayers, MaxPlayers, cfg.Players)
	}
	if len(cfg.Names) > 0 {
		if _, err := ValidateNames(cfg.Names, cfg.Players); err != nil {
			return refuse(err, "This game file's setup is not valid: %s", err.Error())
		}
	}
	colours := DefaultColours(cfg.Players)
	if extra.Colours != nil {
		if colours, err = ValidateColours(extra.Colours, cfg.Players); err != nil {
			return refuse(err, "This game file's player colours are not valid: %s", err.Error())
		}
	}
	g, err := engine.Replay(rec)
	if err != nil {
		var re *engine.ReplayError
		if errors.As(err, &re) {
			return refuse(err, "This game file cannot be loaded. %s", describeReplayError(g, rec, re))
		}
		return refuse(err, "This game file's setup is not valid: %s", sentence(err.Error()))
	}
	id, err = newID(store)
	if err != nil {
		return "", err
	}
	now := o.now().UnixMilli()
	sg := savedGame{ID: id, Created: now, Updated: now, Colours: colours, Record: g.Record()}
	if sg.Record.Moves == nil {
		sg.Record.Moves = []engine.Move{}
	}
	if err := saveGame(store, sg, g); err != nil {
		return refuse(err, "The game could not be saved. %s", sentence(err.Error()))
	}
	return id, nil
}

// truncate shortens s to at most n runes.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
