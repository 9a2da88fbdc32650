//go:build !js

package mailbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// open checks the first frame and finds (or, with a create envelope, makes) its game.
func (s *Server) open(ctx context.Context, f Frame, addr string) (Game, *Error) {
	switch {
	case f.V != Version:
		return Game{}, &Error{Code: CodeReload, Message: "This page is out of date: reload it to play."}
	case f.Type != TypeOpen:
		return Game{}, &Error{Code: CodeBadMessage, Message: fmt.Sprintf("The first frame must be open, not %.20q.", f.Type)}
	case !ValidGameID(f.Game):
		return Game{}, &Error{Code: CodeBadMessage, Message: "That is not a game id (22 characters of base64url)."}
	case f.After < 0:
		return Game{}, &Error{Code: CodeBadMessage, Message: "An open reads after a message number of 0 or more."}
	case f.Env != nil || f.ID != 0:
		return Game{}, &Error{Code: CodeBadMessage, Message: "An open carries no envelope to append."}
	case f.Create != nil && f.Watch:
		return Game{}, &Error{Code: CodeBadMessage, Message: "A spectator cannot create a game."}
	}
	if e := s.mayOpen(addr); e != nil {
		return Game{}, e
	}
	if f.Create != nil {
		if e := s.create(ctx, f.Game, f.Create, addr); e != nil {
			return Game{}, e
		}
	}
	g, err := s.store.Game(ctx, f.Game)
	if err != nil {
		return Game{}, s.storeError(err)
	}
	return g, nil
}

// create checks a create envelope and stores its game (a retry of the same is fine).
func (s *Server) create(ctx context.Context, game string, env *Envelope, addr string) *Error {
	if err := env.Check(); err != nil {
		return &Error{Code: CodeBadMessage, Message: "The create envelope is malformed: " + err.Error() + "."}
	}
	if env.Kind != KindCreate || env.Game != game || env.To != -1 {
		return &Error{Code: CodeBadMessage, Message: "An open creates with a create envelope for the game it opens, to every device."}
	}
	invite, _ := env.Signer()
	if GameID(invite) != game {
		return &Error{Code: CodeNotAllowed, Message: "The game id is not the one of the invitation key that signed its create envelope."}
	}
	if !env.Verify() {
		return &Error{Code: CodeBadSignature, Message: "The create envelope's signature does not check out."}
	}
	body, err := ParseCreate(env.Body)
	if err != nil {
		return &Error{Code: CodeBadMessage, Message: "The create envelope's body is malformed: " + err.Error() + "."}
	}
	stored, _ := json.Marshal(env)
	if first, err := s.store.Read(ctx, game, 0, 1); err == nil && len(first) == 1 {
		// The game is there: a retry of its create (a device that reconnects sends it again)
		// costs no creation, and another create is refused as the store would refuse it.
		if !bytes.Equal(first[0].Env, stored) {
			return s.storeError(ErrGameExists)
		}
		return nil
	}
	if e := s.mayCreate(addr); e != nil {
		return e
	}
	host, _ := Decode64(body.Host, 32)
	_, err = s.store.Create(ctx, Create{Game: game, Seats: body.Seats, Invite: invite, Host: host, Nonce: env.Nonce,
		Env: stored, Creator: addr, Now: s.cfg.Now(), Limits: s.cfg.Limits})
	if err != nil {
		return s.storeError(err)
	}
	s.count.creates.Add(1)
	return nil
}

// storeError turns a store's error into a refusal.
func (s *Server) storeError(err error) *Error {
	switch {
	case errors.Is(err, ErrNoGame):
		return &Error{Code: CodeNoGame, Message: "There is no such game here: check the link, or it was deleted after a long time unplayed."}
	case errors.Is(err, ErrGameExists):
		return &Error{Code: CodeGameExists, Message: "A game with this id exists already, created with another envelope."}
	case errors.Is(err, ErrTooManyGames):
		return &Error{Code: CodeTooManyGames, Message: fmt.Sprintf("Your address keeps %d games on this server already.", s.cfg.Limits.GamesPerCreator)}
	case errors.Is(err, ErrStarted):
		return &Error{Code: CodeStarted, Message: "The game has started: only its seats write to it now."}
	case errors.Is(err, ErrNotStarted):
		return &Error{Code: CodeNotStarted, Message: "The game has not started: its seats have no keys here yet."}
	case errors.Is(err, ErrGameFull):
		return &Error{Code: CodeGameFull, Message: fmt.Sprintf("The game holds as much as this server keeps for one game (%d messages, %d MiB).", s.cfg.Limits.MaxMessages, s.cfg.Limits.MaxBytes>>20)}
	case errors.Is(err, ErrNonceReused):
		return &Error{Code: CodeNonceReused, Message: "This key sent another envelope under that nonce."}
	case errors.Is(err, ErrFull):
		s.count.storeErrors.Add(1)
		s.logf("mailbox: store full: %v", err)
		return &Error{Code: CodeStoreFull, Message: "The server's disk is full: nothing was stored. Try again later."}
	}
	s.count.storeErrors.Add(1)
	s.logf("mailbox: store: %v", err)
	return &Error{Code: CodeUnavailable, Message: "The server could not reach its store: try again."}
}
