//go:build !js

package mailbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"brass/internal/netguard"

	"github.com/coder/websocket"
)

// refusal is why a connection ends: the error, and the append it answers (0: none).
type refusal struct {
	e  *Error
	id int64
}

// appends reads a connection's appends one at a time, in order, until it ends. A refused
// append ends the connection, so that no later append of the same sender overtakes it: a
// device's messages keep its order, as over a data channel.
// When ctx ends while it waits for a frame, farewell ends the connection (readUntil).
func (s *Server) appends(ctx context.Context, c *websocket.Conn, addr string, g Game, out *writer, farewell func()) *refusal {
	frames := netguard.NewBucket(s.cfg.FramesPerSecond, s.cfg.FrameBurst)
	gs := &gameState{Game: g}
	for {
		f, ended, err := s.readUntil(ctx, c, farewell)
		if ended {
			return nil
		}
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				return &refusal{e: e}
			}
			return nil // the connection ended
		}
		if !frames.Take(s.cfg.Now()) {
			return &refusal{e: &Error{Code: CodeRateLimit, Message: "Too many frames: slow down."}}
		}
		if f.Type != TypeAppend || f.Env == nil || f.ID <= 0 {
			return &refusal{e: &Error{Code: CodeBadMessage, Message: "After the open, a connection sends only appends, each with an id above 0 and an envelope."}}
		}
		a, e := s.append(ctx, gs, f.Env, addr)
		if e != nil {
			s.count.refused.Add(1)
			s.logf("mailbox: %s append refused: %s", addr, e.Code)
			return &refusal{e: e, id: f.ID}
		}
		if !out.frame(Frame{Type: TypeAck, ID: f.ID, N: a.N, Dup: a.Dup}) {
			return nil
		}
	}
}

// gameState is what a connection knows of its game: its keys, refreshed from the store
// once the genesis is there (its keys never change after it).
type gameState struct {
	Game
	seats []Seat
}

// seatKeys returns the game's seats once it has started, reading the store again if the
// connection has not seen the genesis yet.
func (s *Server) seatKeys(ctx context.Context, gs *gameState) ([]Seat, *Error) {
	if gs.seats != nil {
		return gs.seats, nil
	}
	if !gs.Started {
		g, err := s.store.Game(ctx, gs.ID)
		if err != nil {
			return nil, s.storeError(err)
		}
		gs.Game = g
	}
	if !gs.Started {
		return nil, s.storeError(ErrNotStarted)
	}
	var seats []Seat
	if err := json.Unmarshal(gs.SeatKeys, &seats); err != nil || len(seats) != gs.Seats {
		s.count.storeErrors.Add(1)
		return nil, &Error{Code: CodeUnavailable, Message: "The server holds this game's seats in a form it cannot read."}
	}
	gs.seats = seats
	return seats, nil
}

// append checks an envelope against what the game allows its key, charges the quotas and
// stores it. Only what needs no game is checked: the shape, the signature, the signer.
func (s *Server) append(ctx context.Context, gs *gameState, env *Envelope, addr string) (Appended, *Error) {
	if err := env.Check(); err != nil {
		return Appended{}, &Error{Code: CodeBadMessage, Message: "The envelope is malformed: " + err.Error() + "."}
	}
	switch {
	case env.Game != gs.ID:
		return Appended{}, &Error{Code: CodeNotAllowed, Message: "The envelope is for another game than the one this connection opened."}
	case env.Kind == KindCreate:
		return Appended{}, &Error{Code: CodeNotAllowed, Message: "A game is created by an open, not by an append."}
	case !env.Verify():
		return Appended{}, &Error{Code: CodeBadSignature, Message: "The envelope's signature does not check out."}
	}
	signer, _ := env.Signer()
	var seatsJSON []byte
	switch env.Kind {
	case KindLobby:
		if !bytes.Equal(signer, gs.Invite) {
			return Appended{}, &Error{Code: CodeNotAllowed, Message: "Before the game starts only the invitation's key writes to it."}
		}
	case KindGenesis:
		if !bytes.Equal(signer, gs.Host) {
			return Appended{}, &Error{Code: CodeNotAllowed, Message: "Only the host's key writes the genesis."}
		}
		body, err := ParseGenesis(env.Body, gs.Seats)
		if err != nil {
			return Appended{}, &Error{Code: CodeBadMessage, Message: "The genesis is malformed: " + err.Error() + "."}
		}
		seatsJSON, _ = json.Marshal(body.Seats)
	case KindGame, KindFinish:
		seats, e := s.seatKeys(ctx, gs)
		if e != nil {
			return Appended{}, e
		}
		if env.From >= len(seats) || env.To >= len(seats) || env.Key != seats[env.From].Sign {
			return Appended{}, &Error{Code: CodeNotAllowed, Message: fmt.Sprintf("The key is not seat %d's in this game's genesis, or the seat addressed is not in it.", env.From)}
		}
	}
	if e := s.mayAppend(addr, env.Key); e != nil {
		return Appended{}, e
	}
	stored, _ := json.Marshal(env)
	a, err := s.store.Append(ctx, Append{Game: gs.ID, Kind: env.Kind, From: env.From, To: env.To, Signer: signer,
		Nonce: env.Nonce, Env: stored, Seats: seatsJSON, Now: s.cfg.Now(), Limits: s.cfg.Limits})
	if err != nil {
		return Appended{}, s.storeError(err)
	}
	if env.Kind == KindGenesis && !a.Dup {
		gs.Started, gs.SeatKeys = true, seatsJSON
	}
	s.count.appends.Add(1)
	if a.Dup {
		s.count.dups.Add(1)
	}
	return a, nil
}
