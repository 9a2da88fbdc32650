package app

import (
	"crypto/rand"
	"encoding/json"
	"strings"
	"time"

	"brass/app/online"
	"brass/engine"
)

// Playing online: this file is the shell that runs the device's online.Replica (package
// app/online: the protocol of a game in play, as a state machine with its guarantees) over
// the mesh, timers and storage. Every event goes in (flushing what the Replica hands back
// through Ready), and the screen reads the Replica through the methods below.

// ID implements Session: the game's id, the same on every device.
func (o *Online) ID() string { return o.saved.ID }

// Game implements Session; nil until the game has started.
func (o *Online) Game() *engine.Game {
	if o.rep == nil {
		return nil
	}
	return o.rep.Game()
}

// Colours implements Session.
func (o *Online) Colours() []string { return append([]string(nil), o.saved.Colours...) }

// LocalSeat implements Session: only this device's own seat, and not while another
// device's bot still plays it (until that device hands it back).
func (o *Online) LocalSeat(p int) bool { return o.rep != nil && o.rep.LocalSeat(p) }

// SetBrain implements BotHost: the brain gives this device's player hints.
func (o *Online) SetBrain(b Brain) { o.bots.brain = b }

// Hint asks the Hard bot what this device's player should do; done gets the move and a reason.
func (o *Online) Hint(done func(BotReply)) {
	if o.rep == nil {
		done(BotReply{Error: "The game has not started yet."})
		return
	}
	o.bots.hint(o.rep.Game(), o.MySeat(), done)
}

// MySeat is this device's seat, or −1 before the game.
func (o *Online) MySeat() int {
	if o.rep == nil {
		return -1
	}
	return o.rep.Seat()
}

// Submit implements Session: the move is signed, validated and applied here, saved, and sent
// to every other device.
func (o *Online) Submit(m engine.Move) error {
	if o.phase != PhasePlaying || o.rep == nil {
		return &Error{Msg: "The game has not started yet."}
	}
	if m.Player != o.rep.Seat() {
		return &Error{Msg: "On this device you play only your own seat."}
	}
	return o.play(m)
}

// play commits a move of this device's player or of a seat bot it runs.
func (o *Online) play(m engine.Move) error {
	m.At = nil
	err := o.rep.Play(m)
	o.flush()
	return err
}

// CanUndo implements Session: the last move is this player's own, the engine allows it, no
// request is out and every other player is here to agree.
func (o *Online) CanUndo() bool { return o.phase == PhasePlaying && o.rep != nil && o.rep.CanUndo() }

// Undo implements Session: online it asks the other players; the move is taken back when all
// of them agree (UndoPending says a request is out).
func (o *Online) Undo() error {
	if o.phase != PhasePlaying || o.rep == nil {
		return &Error{Msg: "The game has not started yet."}
	}
	err := o.rep.AskUndo()
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// UndoPending reports whether this device's undo request waits for answers.
func (o *Online) UndoPending() bool { return o.rep != nil && o.rep.UndoPending() }

// UndoAsked returns the name of a player asking this device to allow an undo, or "".
func (o *Online) UndoAsked() string {
	if o.rep == nil || o.rep.UndoAsked() < 0 {
		return ""
	}
	return o.rep.Game().State().Name(o.rep.UndoAsked())
}

// AnswerUndo answers another player's undo request.
func (o *Online) AnswerUndo(yes bool) {
	if o.rep != nil {
		o.rep.AnswerUndo(yes)
		o.flush()
	}
}

// Dealing says what the deal of the cards waits for, or "": in a game whose cards the
// devices deal, the devices whose passes or keys have not come yet.
func (o *Online) Dealing() string {
	if o.rep == nil {
		return ""
	}
	w := o.rep.DealWaiting()
	if len(w) == 0 {
		return ""
	}
	names := make([]string, len(w))
	for i, seat := range w {
		names[i] = o.rep.Game().State().Name(seat) + "'s device"
	}
	return "Dealing the cards: waiting for " + strings.Join(names, " and ") + "."
}

// DealAudit says how the audit of the deal at the end of the game went, or "".
func (o *Online) DealAudit() string {
	if o.rep == nil {
		return ""
	}
	return o.rep.DealAudit()
}

// HiddenReport counts what this device holds of the cards it may not see, for tests and
// debugging (the debug game screen shows it): cards of the other hands (but wild cards,
// taken face up), of the deck, face-down discards, Distant Market tiles still face down, and
// positions of the deal it could open. In a game dealt by the devices every count is 0.
type HiddenReport struct {
	OtherHands int `json:"otherHands"`
	Deck       int `json:"deck"`
	FaceDown   int `json:"faceDown"`
	Distant    int `json:"distant"`
	Positions  int `json:"positions"`
}

// Hidden reports what this device's game holds that its player may not see (the top of the
// Distant Market stack aside: it is turned over for a sale on its way).
func (o *Online) Hidden() HiddenReport {
	if o.rep == nil {
		return HiddenReport{}
	}
	h := o.rep.Game().State().Held(o.rep.Seat())
	return HiddenReport{OtherHands: h.OtherHands, Deck: h.Deck, FaceDown: h.FaceDown, Distant: h.Distant, Positions: o.rep.Unentitled()}
}

// Dealt reports whether the devices deal this game's cards.
func (o *Online) Dealt() bool { return o.Game() != nil && o.Game().Config().Dealt }

// Desync describes why this device cannot play on with another, or "": proof that a device
// cheated, or devices that hold another game than this one.
func (o *Online) Desync() string {
	if o.rep == nil {
		return ""
	}
	if s := o.rep.Stopped(); s != "" {
		return s
	}
	if d := o.rep.Disagreement(); d != "" {
		return "Another game than yours: " + d + ". Nothing you accepted changes."
	}
	return ""
}

// flush carries out what the Replica handed back: messages, saving, notices, timers, bots.
func (o *Online) flush() {
	if o.rep == nil {
		return
	}
	rd := o.rep.Ready()
	if rd.Save {
		o.save() // first: a device never sends what it could lose (a pass of the deal above all)
	}
	if o.mesh != nil {
		for _, m := range rd.Messages {
			if m.To != "" {
				_ = o.mesh.Send(m.To, m.Data)
				continue
			}
			for _, id := range o.openPeers() {
				_ = o.mesh.Send(id, m.Data)
			}
		}
	}
	for _, n := range rd.Notices {
		o.notify(n.Text, n.Bad)
	}
	for _, t := range rd.Timers {
		o.startTimer(t)
	}
	if rd.Changed {
		o.dirty = true
	}
	o.stepBots()
}

// startTimer runs a Replica's timer on the UI goroutine when it is due.
func (o *Online) startTimer(t online.Timer) {
	if o.run == nil {
		return
	}
	rep := o.rep
	time.AfterFunc(t.After, func() {
		o.run(func() {
			if o.rep != rep {
				return
			}
			rep.Fire(t)
			o.flush()
			if o.dirty && o.changed != nil {
				o.dirty = false
				o.changed()
			}
		})
	})
}

// playMessage hands a message of the game in play to the Replica. A device still in a lobby
// (it has no copy of this game) is told so instead.
func (o *Online) playMessage(r *remote, data []byte) {
	var probe struct {
		Type    string `json:"t"`
		Version int    `json:"v"`
		Player  string `json:"player"`
	}
	if json.Unmarshal(data, &probe) == nil && probe.Type == msgHello && probe.Player != "" {
		if probe.Version != ProtocolVersion {
			o.notify("A device in the room runs another version of Brass; its player should reload the page to play on.", true)
			return
		}
		o.notify("A device in the room has no copy of this game; it cannot take part until its player reopens the game from their saved games.", true)
		return
	}
	o.rep.Receive(r.peer, data)
	o.flush()
}

// ---- storage ----

// onlineMeta is what an online game stores besides the record.
type onlineMeta struct {
	Room    string   `json:"room"`
	Me      string   `json:"me"`      // this device's player id
	Host    string   `json:"host"`    // the player who created the room
	Players []string `json:"players"` // player ids by seat
	// The seed draw, so that anyone can check the seed later: every commitment and secret,
	// by seat.
	Commits []string `json:"commits,omitempty"`
	Secrets []string `json:"secrets,omitempty"`
	// RoomSecret derives the key that reopens the room (online_reopen.go); it stays on the
	// players' devices (exported files leave it out).
	RoomSecret string `json:"room_secret,omitempty"`
	// KeySeed rebuilds this device's signing key for the game; Keys are every seat's public
	// key, and Signed the moves with their signatures (the record above, signed).
	KeySeed []byte             `json:"key_seed,omitempty"`
	Keys    []online.PublicKey `json:"keys,omitempty"`
	Signed  []online.Signed    `json:"signed,omitempty"`
	// Undos are the agreed undos, each with every other player's signed yes.
	Undos []online.UndoProof `json:"undos,omitempty"`
	// Deal is, in a game whose cards the devices deal, this device's side of the deal: it
	// holds the keys to this player's cards, so it stays on the device (exported files
	// leave it out).
	Deal *online.DealSaved `json:"deal,omitempty"`
}

// genesis is what the game's signed moves chain from.
func (m *onlineMeta) genesis(id string, cfg engine.Config) online.Genesis {
	return online.Genesis{Game: id, Config: cfg, Keys: m.Keys}
}

// save stores the game after a change. A storage failure cannot undo another device's move,
// so it is shown and the game goes on.
func (o *Online) save() {
	sg := o.saved
	g := o.rep.Game()
	sg.Record = g.Record()
	if sg.Record.Moves == nil {
		sg.Record.Moves = []engine.Move{}
	}
	meta := *sg.Online
	meta.Signed, meta.Undos = o.rep.Ledger().Moves(), o.rep.Ledger().Undos()
	if d := o.rep.DealState(); d != nil {
		// The locked deals' passes (most of the deal's size) never change: stored once, apart.
		passes := d.Dealer.TakeLockedPasses()
		if len(passes) != o.storedPasses {
			if err := o.store.Set(dealPassesPrefix+sg.ID, passes); err != nil {
				o.notify("The game could not be saved on this device: "+sentenceFragment(err.Error()), true)
				return
			}
			o.storedPasses = len(passes)
		}
		meta.Deal = d
	}
	sg.Online = &meta
	if now := o.opts.Now().UnixMilli(); now > sg.Updated {
		sg.Updated = now
	}
	if err := saveGame(o.store, sg, g); err != nil {
		o.notify("The game could not be saved on this device: "+sentenceFragment(err.Error()), true)
		return
	}
	o.saved = sg
}

// OpenOnline reopens a saved online game; Connect then re-enters its room, and the devices
// exchange what each has missed. Its signed moves are checked like any record.
func OpenOnline(store Store, id string, opts OnlineOptions) (*Online, error) {
	opts.defaults()
	sg, err := loadGame(store, id)
	if err != nil {
		return nil, err
	}
	meta := sg.Online
	if meta == nil || len(meta.Players) != sg.Record.Config.Players {
		return nil, &Error{Msg: "This saved game is not an online game."}
	}
	if len(meta.KeySeed) == 0 || len(meta.Keys) != sg.Record.Config.Players {
		return nil, &Error{Msg: "This online game was saved by an older version of Brass, before moves were signed: it cannot go on online. Its record can still be exported and opened as a game on one device."}
	}
	if opts.Dial == nil {
		return nil, &Error{Msg: "Online play needs a connection to the signalling server."}
	}
	ident, err := online.IdentityFromSeed(meta.KeySeed)
	if err != nil {
		return nil, &Error{Msg: "This saved game's key is damaged: " + err.Error(), Err: err}
	}
	var rep *online.Replica
	stored := 0 // the locked deals whose passes are stored apart
	if sg.Record.Config.Dealt {
		if meta.Deal != nil {
			stored, err = putStoredPasses(store, sg.ID, &meta.Deal.Dealer)
		}
		if meta.Deal == nil || err != nil {
			return nil, &Error{Msg: "This saved game's cards are dealt by the devices, but its side of the deal is missing or damaged: it cannot go on."}
		}
		rep, err = online.ResumeDealt(ident, meta.genesis(sg.ID, sg.Record.Config), meta.Signed, *meta.Deal, online.DefaultTiming, rand.Reader)
	} else {
		rep, err = online.NewReplica(ident, meta.genesis(sg.ID, sg.Record.Config), meta.Signed, meta.Undos, online.DefaultTiming, rand.Reader)
	}
	if err != nil {
		return nil, &Error{Msg: "This saved game cannot be opened: " + err.Error() + ".", Err: err}
	}
	if rep.Ledger().Len() != len(sg.Record.Moves) {
		return nil, &Error{Msg: "This saved game's signed moves do not match its record."}
	}
	seat := rep.Seat()
	if seat >= len(meta.Players) || meta.Players[seat] != meta.Me {
		return nil, &Error{Msg: "This saved online game does not say which player this device is."}
	}
	o := &Online{
		bots:         newBotDriver(opts.BotPause),
		store:        store,
		opts:         opts,
		room:         meta.Room,
		me:           meta.Me,
		host:         meta.Host == meta.Me,
		remotes:      map[string]*remote{},
		phase:        PhasePlaying,
		saved:        sg,
		rep:          rep,
		roomSecret:   meta.RoomSecret,
		storedPasses: stored,
	}
	o.name, o.colour = rep.Game().State().Name(seat), colourOf(sg.Colours, seat)
	return o, nil
}

// OpenSaved opens a saved game as the session it was played in: a hotseat game on this
// device, or an online game (which then needs opts to reconnect).
func OpenSaved(store Store, id string, opts OnlineOptions) (Session, error) {
	sg, err := loadGame(store, id)
	if err != nil {
		return nil, err
	}
	if sg.Online != nil {
		return OpenOnline(store, id, opts)
	}
	return OpenHotseat(store, id)
}
