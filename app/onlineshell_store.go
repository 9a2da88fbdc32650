package app

import (
	"crypto/rand"
	"errors"
	"time"

	"brass/app/online"
	"brass/engine"
)

// Storing an online game: its record with the signed moves and agreed undos, this device's
// key for the game, the seed draw, and (in a game whose cards the devices deal) this device's
// side of the deal. It is saved whenever the core says so, before anything is sent.

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
	// RoomSecret derives the key that reopens the room (onlineshell_reopen.go); it stays on
	// the players' devices (exported files leave it out).
	RoomSecret string `json:"room_secret,omitempty"`
	// KeySeed rebuilds this device's signing key for the game; Keys are every seat's public
	// key, and Signed the moves with their signatures (the record above, signed).
	KeySeed []byte             `json:"key_seed,omitempty"`
	Keys    []online.PublicKey `json:"keys,omitempty"`
	Boxes   []online.BoxKey    `json:"boxes,omitempty"` // every seat's X25519 key (the genesis binds them)
	Signed  []online.Signed    `json:"signed,omitempty"`
	// Undos are the agreed undos, each with its maker's signed request and every other
	// player's signed yes.
	Undos []online.UndoProof `json:"undos,omitempty"`
	// Ending: a player ended the game because a device held it up, signed by that player.
	Ending *online.Ending `json:"ending,omitempty"`
	// Deal is, in a game whose cards the devices deal, this device's side of the deal: it
	// holds the keys to this player's cards, so it stays on the device (exported files
	// leave it out).
	Deal *online.DealSaved `json:"deal,omitempty"`
	// Pace is set for a game played at each player's own pace, over the mailbox (ownpace.go).
	Pace *paceMeta `json:"pace,omitempty"`
}

// genesis is what the game's signed moves chain from.
func (m *onlineMeta) genesis(id string, cfg engine.Config) online.Genesis {
	return online.Genesis{Game: id, Config: cfg, Keys: m.Keys, Boxes: m.Boxes}
}

// begin stores the game the lobby drew, as it begins.
func (o *Online) begin(b *online.Begin) {
	now := o.opts.Now().UnixMilli()
	l, _ := o.lobby()
	meta := &onlineMeta{Room: o.room, Me: l.Me().Player, Host: b.Host, Players: b.Players, Commits: b.Commits, Secrets: b.Secrets,
		RoomSecret: b.RoomSecret, KeySeed: b.Identity.Seed(), Keys: b.Genesis.Keys, Boxes: b.Genesis.Boxes}
	if o.pace != nil && o.pace.lobby != nil {
		c := o.pace.lobby.Config()
		meta.Pace = &paceMeta{Game: o.pace.lobby.Game(), Invite: c.Invite, TurnLimit: o.pace.lobby.TurnLimit()}
	}
	g, err := engine.NewGame(b.Genesis.Config)
	if err != nil {
		return // (startGame says why)
	}
	o.saved = savedGame{ID: b.Genesis.Game, Created: now, Updated: now, Colours: b.Colours, Online: meta, Record: g.Record()}
	if o.saved.Record.Moves == nil {
		o.saved.Record.Moves = []engine.Move{}
	}
	if err := saveGame(o.store, o.saved, g); err != nil {
		o.notify(Notice{Text: "The game could not be saved on this device: " + sentenceFragment(err.Error()), Bad: true})
	}
}

// startGame runs the game the lobby drew: its replica takes over from the lobby.
func (o *Online) startGame(b *online.Begin) error {
	rep, err := b.Start(o.opts.Timing, rand.Reader)
	if err != nil {
		return err
	}
	o.core = rep
	o.save()
	return nil
}

// save stores the game after a change. A storage failure cannot undo another device's move,
// so it is shown and the game goes on.
func (o *Online) save() {
	r, ok := o.game()
	if !ok {
		return
	}
	sg := o.saved
	g := r.Game()
	sg.Record = g.Record()
	if sg.Record.Moves == nil {
		sg.Record.Moves = []engine.Move{}
	}
	meta := *sg.Online
	meta.Signed, meta.Undos, meta.Ending = r.Ledger().Moves(), r.Ledger().Undos(), r.Ended()
	if meta.Pace != nil {
		pm := *meta.Pace
		pm.Clock = r.PaceState()
		meta.Pace = &pm
	}
	if d := r.DealState(); d != nil {
		// The locked deals' passes (most of the deal's size) never change: stored once, apart.
		passes := d.Dealer.TakeLockedPasses()
		if len(passes) != o.storedPasses {
			if err := o.store.Set(dealPassesPrefix+sg.ID, passes); err != nil {
				o.notify(Notice{Text: "The game could not be saved on this device: " + sentenceFragment(err.Error()), Bad: true})
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
		o.notify(Notice{Text: "The game could not be saved on this device: " + sentenceFragment(err.Error()), Bad: true})
		return
	}
	o.saved = sg
}

// OpenOnline reopens a saved online game; Connect then re-enters its room, and the devices
// exchange what each has missed. Its signed moves and undos are checked like any record.
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
	for _, u := range meta.Undos {
		if len(u.Request) == 0 {
			return nil, &Error{Msg: "This online game was saved by an older version of Brass, whose undos were not signed by the player who asked: it cannot go on online. Its record can still be exported and opened as a game on one device."}
		}
	}
	if opts.Dial == nil && meta.Pace == nil {
		return nil, &Error{Msg: "Online play needs a connection to the signalling server."}
	}
	if meta.Pace != nil && opts.Mailbox == "" {
		return nil, &Error{Msg: "A game at your own pace needs the server's mailbox."}
	}
	rep, stored, err := resumeReplica(store, sg, opts)
	if err != nil {
		return nil, err
	}
	rep.Advance() // (what taking it up again asked for is already stored)
	o := &Online{
		bots:         newBotDriver(opts.BotPause),
		store:        store,
		opts:         opts,
		room:         meta.Room,
		core:         rep,
		saved:        sg,
		storedPasses: stored,
		timers:       map[timerKey]timerSpan{},
	}
	if meta.Pace != nil {
		o.pace = &paceLink{url: opts.Mailbox, created: sg.Created}
	}
	return o, nil
}

// resumeReplica takes a stored online game up again: its replica from the signed moves, the
// undos and the deal, each checked like any record. It reports how many locked deals'
// passes are stored apart.
func resumeReplica(store Store, sg savedGame, opts OnlineOptions) (*online.Replica, int, error) {
	meta := sg.Online
	ident, err := online.IdentityFromSeed(meta.KeySeed)
	if err != nil {
		return nil, 0, &Error{Msg: "This saved game's key is damaged: " + err.Error(), Err: err}
	}
	var rep *online.Replica
	stored := 0 // the locked deals whose passes are stored apart
	if sg.Record.Config.Dealt {
		if meta.Deal != nil {
			stored, err = putStoredPasses(store, sg.ID, &meta.Deal.Dealer)
		}
		if meta.Deal == nil || err != nil {
			return nil, 0, &Error{Msg: "This saved game's cards are dealt by the devices, but its side of the deal is missing or damaged: it cannot go on."}
		}
		rep, err = online.ResumeDealt(ident, meta.genesis(sg.ID, sg.Record.Config), meta.Signed, *meta.Deal, opts.Timing, rand.Reader)
	} else {
		rep, err = online.NewReplica(ident, meta.genesis(sg.ID, sg.Record.Config), meta.Signed, meta.Undos, opts.Timing, rand.Reader)
	}
	if err == nil && meta.Ending != nil {
		err = rep.Resume(*meta.Ending)
	}
	if err == nil && meta.Pace != nil {
		rep.SetPace(time.Duration(meta.Pace.TurnLimit)*time.Second, meta.Pace.Clock)
	}
	if err != nil {
		return nil, 0, &Error{Msg: "This saved game cannot be opened: " + err.Error() + ".", Err: err}
	}
	if rep.Ledger().Len() != len(sg.Record.Moves) {
		return nil, 0, &Error{Msg: "This saved game's signed moves do not match its record."}
	}
	seat := rep.Seat()
	if seat >= len(meta.Players) || meta.Players[seat] != meta.Me {
		return nil, 0, &Error{Msg: "This saved online game does not say which player this device is."}
	}
	return rep, stored, nil
}

// OpenSaved opens a saved game as the session it was played in: a hotseat game on this
// device, or an online game (which then needs opts to reconnect).
func OpenSaved(store Store, id string, opts OnlineOptions) (Session, error) {
	sg, err := loadGame(store, id)
	if errors.Is(err, ErrNoGame) && validID(id) {
		if ok, _ := store.Get(paceLobbyPrefix+id, &paceLobbyRecord{}); ok {
			return OpenPaceLobby(store, id, opts) // an own-pace game that has not begun
		}
	}
	if err != nil {
		return nil, err
	}
	if sg.Online != nil {
		return OpenOnline(store, id, opts)
	}
	return OpenHotseat(store, id)
}
