//go:build !js

package signal

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"time"

	"github.com/coder/websocket"
)

// keyEntry is the key of a room that closed, kept so that only its game can reopen it.
type keyEntry struct {
	key   ed25519.PublicKey
	until time.Time
}

// knownKey is the key bound to a code: its open room's, or the one kept after it closed
// (nil: none, and the next reopen binds its own). Call with s.mu held.
func (s *Server) knownKey(code string, now time.Time) ed25519.PublicKey {
	if r := s.rooms[code]; r != nil {
		return r.key
	}
	if e, ok := s.keys[code]; ok && now.Before(e.until) {
		return e.key
	}
	return nil
}

// rememberKey keeps a closed room's key; when the store is full, the entry nearest its
// expiry among a few taken at random makes way (a map's order is random). Call with s.mu
// held.
func (s *Server) rememberKey(code string, key ed25519.PublicKey, now time.Time) {
	if key == nil {
		return
	}
	if _, ok := s.keys[code]; !ok && len(s.keys) >= s.cfg.MaxKeys {
		victim, n := "", 0
		for c, e := range s.keys {
			if victim == "" || e.until.Before(s.keys[victim].until) {
				victim = c
			}
			if n++; n == 8 {
				break
			}
		}
		delete(s.keys, victim)
	}
	s.keys[code] = keyEntry{key: key, until: now.Add(s.cfg.KeyTTL)}
}

// sweepKeys forgets expired keys. Call with s.mu held.
func (s *Server) sweepKeys(now time.Time) {
	for code, e := range s.keys {
		if !now.Before(e.until) {
			delete(s.keys, code)
		}
	}
}

// challenge asks a reopening client to sign a fresh nonce with the key it claims, and
// checks the signature: the client then holds the private key, whichever key the code turns
// out to be bound to (enter compares them).
func (s *Server) challenge(c *websocket.Conn, code string, key ed25519.PublicKey) error {
	nonce := make([]byte, NonceBytes)
	_, _ = rand.Read(nonce)
	if err := s.write(c, Message{Type: TypeChallenge, Nonce: Encode64(nonce)}); err != nil {
		return err
	}
	proof, err := s.read(s.ctx, c)
	if err != nil {
		return err
	}
	sig, ok := Decode64(proof.Sig, ed25519.SignatureSize)
	if proof.Type != TypeProof || !ok {
		return &Error{Code: CodeBadMessage, Message: "A reopen's challenge must be answered with a proof."}
	}
	if !ed25519.Verify(key, ProofPayload(code, nonce), sig) {
		return &Error{Code: CodeNotYourRoom, Message: "The proof does not match the key: only the game's own devices can reopen its room."}
	}
	return nil
}

// write sends one message outside a member's queue (before it is one).
func (s *Server) write(c *websocket.Conn, m Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.WriteTimeout)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, b)
}
