// Package mailbox keeps the messages of online games for devices that are not online
// together: an append-only log per game on the game's own server, numbered by the server,
// that a device reads from where it left off and appends to. It is the protocol (this file),
// the WebSocket server (server.go, natively), the client (client.go, natively and in the
// browser) and the store interface the server keeps the logs in (store.go; SQLite in
// mailbox/sqlitestore, PostgreSQL in mailbox/pgstore).
//
// The mailbox holds no game logic and gets no trust: every message is an Envelope signed by
// its sender, and the devices check every envelope and every move again themselves, as they
// check a peer's. What the server checks is only what is cheap and needs no game: the shape
// and size of an envelope, its signature, and that the key is allowed to write to the game
// at that point, under quotas:
//
//   - create: opens a game's mailbox. Signed by the invitation key, an Ed25519 key derived
//     from the invitation's secret (InvitationKey), which only the invited hold; the game id
//     is a hash of that key's public half (GameID), so nobody can take another game's id.
//     It names the number of seats and the host's key.
//   - lobby: what devices say before the game starts (seats, the seed's commit-reveal),
//     signed by the invitation key: strangers without the invitation cannot fill a game.
//   - genesis: the seats' keys, by seat (an Ed25519 signing key and an X25519 encryption
//     key each), signed by the host's key; with it the game has started and its seat keys
//     are fixed. Its body also carries the protocol's own genesis, opaque to the server,
//     which the devices compare with what they agreed.
//   - game: after the genesis, signed by the key of the seat it comes from. Addressed to
//     every device (To −1, readable by spectators) or to one seat (To ≥ 0), in which case
//     its body is sealed to that seat's encryption key (Seal, nacl/box's anonymous sealed
//     box), so the server reads none of it.
//   - finish: a seat says the game is over (for retention; the devices decide the game).
//
// # Guarantees
//
// For a client of this server, whatever other clients send (each checked by a test that
// attacks it):
//   - Nobody writes to a game without its keys: only the invitation's key before the
//     genesis, only the host's key the genesis, only a seat's key after it, as that seat
//     (TestLobbyAndGenesisSigners, TestGameEnvelopesOnlyFromSeatKeys, TestForgedEnvelopes).
//   - An acknowledged message is durable, numbered once, never changed or dropped: 1, 2, …
//     with no gap in commit order, an envelope sent again answered with the number it has
//     (Dup) and stored once, whatever the server went through between (TestReplays, the
//     stores' conformance suite, TestCrashLoopSQLite and TestCrashLoopPostgres: the server
//     killed -9 mid-append a hundred times under `make mailbox-crash`).
//   - One client's appends are stored in the order it sent them; a refused one ends its
//     connection, so that none sent after it overtakes it (TestPipelinedAppendsKeepOrder,
//     TestRefusedAppendEndsConnection).
//   - Every refusal is an error frame with a code and a sentence, changes nothing stored
//     and affects only its own connection, and what one client can make the server hold is
//     bounded: frames, appends and games by rate, connections by address, a game by count
//     and size (hostile_test.go, FuzzFrames).
//   - A spectator (a watch open) receives only the messages to every device.
//   - Every message is delivered with the server's time of its append (Delivery.At,
//     milliseconds; TestDeliveryTimes), the one clock of a game whose devices' own clocks
//     are never compared, for per-turn time limits. It is not signed: the devices take it
//     as the server's word, since a malicious server could lie about it (as it can delay a
//     message).
//
// The devices do not rely on the server for any of this: they check every envelope, and
// what a malicious server can still do is withhold or delay new messages, or show devices
// different subsets of them (app/mailroom says how the devices see through the rest).
//
// Frames are JSON objects, one per WebSocket text message:
//
//	client → server
//	  {"v":1,"type":"open","game":G,"after":N}          read game G from after message N, then live
//	  {"v":1,"type":"open","game":G,"create":ENV}       create G with its create envelope, then as open
//	  {"v":1,"type":"open","game":G,"after":N,"watch":true}
//	                                                    a spectator: messages to every device only
//	  {"type":"append","id":7,"env":ENV}                 append; answered by ack or error with id 7
//
//	server → client
//	  {"type":"opened","game":G,"head":H,"seats":3,"started":true}
//	  {"type":"msg","n":N,"at":T,"env":ENV}             every message after the open's N, in order, then live;
//	                                                    T: the server's time of its append, Unix ms (absent: unknown)
//	  {"type":"live","n":H}                             the messages up to the head at the open were all sent
//	  {"type":"ack","id":7,"n":N,"dup":false}           appended (durable) as message N
//	  {"type":"error","id":7,"code":C,"message":M}      that append was refused, nothing changed; the connection ends
//	  {"type":"error","code":C,"message":M}             (no id) the connection is refused or ended
package mailbox

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"brass/mailbox/boxkey"

	"golang.org/x/crypto/nacl/box"
)

// Version is the protocol's version; a first frame of another is refused with CodeReload.
const Version = 1

// Frame types.
const (
	TypeOpen   = "open"
	TypeAppend = "append"
	TypeOpened = "opened"
	TypeMsg    = "msg"
	TypeLive   = "live"
	TypeAck    = "ack"
	TypeError  = "error"
)

// Envelope kinds.
const (
	KindCreate  = "create"
	KindLobby   = "lobby"
	KindGenesis = "genesis"
	KindGame    = "game"
	KindFinish  = "finish"
)

// Error codes.
const (
	CodeBadMessage   = "bad-message"   // not a frame or envelope of this protocol
	CodeTooBig       = "too-big"       // a frame over the size limit
	CodeReload       = "reload"        // the page speaks another version
	CodeNoGame       = "no-game"       // no such game (never created, or deleted)
	CodeGameExists   = "game-exists"   // a create for a game that exists with another create
	CodeBadSignature = "bad-signature" // the signature does not check out
	CodeNotAllowed   = "not-allowed"   // the key may not write this kind here
	CodeStarted      = "started"       // a lobby or genesis envelope for a game that has started
	CodeNotStarted   = "not-started"   // a game envelope before the genesis
	CodeGameFull     = "game-full"     // the game's message count or size cap is reached
	CodeNonceReused  = "nonce-reused"  // another envelope under a nonce this key used
	CodeRateLimit    = "rate-limit"    // too many frames or appends, from this connection, key or address
	CodeTooManyConns = "too-many-connections"
	CodeTooManyGames = "too-many-games" // the address keeps too many games, or creates them too fast
	CodeStoreFull    = "store-full"     // the server's disk or database is full: nothing was stored
	CodeUnavailable  = "unavailable"    // the store failed: try again
	CodeTimeout      = "timeout"        // no open in time
	CodeTooSlow      = "too-slow"       // the client read too slowly and was dropped
	CodeShutdown     = "shutdown"
)

// Frame is every frame of the protocol; each type uses some of the fields.
type Frame struct {
	V       int       `json:"v,omitempty"`
	Type    string    `json:"type"`
	Game    string    `json:"game,omitempty"`
	After   int64     `json:"after,omitempty"`
	Watch   bool      `json:"watch,omitempty"`
	Create  *Envelope `json:"create,omitempty"`
	ID      int64     `json:"id,omitempty"`
	N       int64     `json:"n,omitempty"`
	At      int64     `json:"at,omitempty"` // msg: the server's time of its append, Unix ms (0: unknown); unsigned
	Head    int64     `json:"head,omitempty"`
	Seats   int       `json:"seats,omitempty"`
	Started bool      `json:"started,omitempty"`
	Dup     bool      `json:"dup,omitempty"`
	Env     *Envelope `json:"env,omitempty"`
	Code    string    `json:"code,omitempty"`
	Message string    `json:"message,omitempty"`
}

// Envelope is one message of a game's log, as its sender signed it.
type Envelope struct {
	Game string `json:"game"`
	Kind string `json:"kind"`
	// From is the sender's seat, or −1 for create, lobby and genesis envelopes (signed by
	// the invitation's or the host's key).
	From int `json:"from"`
	// To is the seat the body is sealed to, or −1: every device (and spectators) read it.
	To  int    `json:"to"`
	Key string `json:"key"` // the signer's Ed25519 public key, base64url
	// Nonce is 16 random bytes the sender picks (base64url): an envelope sent again is the
	// same message, and the server numbers it once.
	Nonce string `json:"nonce"`
	Body  []byte `json:"body,omitempty"`
	Sig   string `json:"sig"` // Ed25519 over Payload, base64url
}

// Limits of the protocol itself (the server's quotas are in its Config).
const (
	MaxSeats  = 4
	MaxBody   = 128 << 10 // bytes of an envelope's body
	MaxFrame  = 192 << 10 // bytes of a frame: a full body in base64 with its envelope
	NonceSize = 16
	// SealOverhead is what sealing adds to a body.
	SealOverhead = box.AnonymousOverhead
)

const (
	signDomain   = "brass mailbox envelope v1"
	sealDomain   = "brass mailbox sealed v1"
	gameDomain   = "brass mailbox game v1"
	inviteDomain = "brass mailbox invitation v1"
)

// Payload is what an envelope's signature covers: every field but the signature, each
// length-prefixed, after a domain that no other signature of the game uses.
func (e *Envelope) Payload() []byte {
	b := make([]byte, 0, 96+len(e.Game)+len(e.Key)+len(e.Nonce)+len(e.Body))
	b = appendField(b, []byte(signDomain))
	b = appendField(b, []byte(e.Game))
	b = appendField(b, []byte(e.Kind))
	b = binary.BigEndian.AppendUint32(b, uint32(int32(e.From)))
	b = binary.BigEndian.AppendUint32(b, uint32(int32(e.To)))
	b = appendField(b, []byte(e.Key))
	b = appendField(b, []byte(e.Nonce))
	return appendField(b, e.Body)
}

func appendField(b, f []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(f)))
	return append(b, f...)
}

// Sign fills in the key and signature; the other fields must be set.
func (e *Envelope) Sign(priv ed25519.PrivateKey) {
	e.Key = Encode64(priv.Public().(ed25519.PublicKey))
	e.Sig = Encode64(ed25519.Sign(priv, e.Payload()))
}

// Verify reports whether the envelope is signed by its own key. Whether that key may write
// it is the reader's to decide (Signer).
func (e *Envelope) Verify() bool {
	k, ok := e.Signer()
	if !ok {
		return false
	}
	sig, ok := Decode64(e.Sig, ed25519.SignatureSize)
	return ok && ed25519.Verify(k, e.Payload(), sig)
}

// Signer is the envelope's key, if well formed.
func (e *Envelope) Signer() (ed25519.PublicKey, bool) {
	k, ok := Decode64(e.Key, ed25519.PublicKeySize)
	return ed25519.PublicKey(k), ok
}

// Check checks an envelope's shape: the fields within range and well formed. It does not
// check the signature (Verify) nor what the game allows.
func (e *Envelope) Check() error {
	switch {
	case !ValidGameID(e.Game):
		return errors.New("the game id is not 22 characters of base64url")
	case e.Kind != KindCreate && e.Kind != KindLobby && e.Kind != KindGenesis && e.Kind != KindGame && e.Kind != KindFinish:
		return fmt.Errorf("there is no envelope kind %.20q", e.Kind)
	case e.From < -1 || e.From >= MaxSeats || e.To < -1 || e.To >= MaxSeats:
		return errors.New("a seat out of range")
	case (e.Kind == KindGame || e.Kind == KindFinish) != (e.From >= 0):
		return errors.New("game and finish envelopes come from a seat; the others from none")
	case e.To >= 0 && (e.Kind != KindGame || e.To == e.From):
		return errors.New("only a game envelope is sealed to a seat, and not to its sender's")
	case e.To >= 0 && len(e.Body) < SealOverhead:
		return errors.New("a body sealed to a seat is shorter than a sealed box")
	case len(e.Body) > MaxBody:
		return fmt.Errorf("a body of %d bytes (at most %d)", len(e.Body), MaxBody)
	}
	if _, ok := e.Signer(); !ok {
		return errors.New("the key is not 32 bytes of base64url")
	}
	if _, ok := Decode64(e.Nonce, NonceSize); !ok {
		return errors.New("the nonce is not 16 bytes of base64url")
	}
	if _, ok := Decode64(e.Sig, ed25519.SignatureSize); !ok {
		return errors.New("the signature is not 64 bytes of base64url")
	}
	return nil
}

// NewNonce draws an envelope's nonce.
func NewNonce(random io.Reader) (string, error) {
	var b [NonceSize]byte
	if _, err := io.ReadFull(random, b[:]); err != nil {
		return "", fmt.Errorf("drawing a nonce: %w", err)
	}
	return Encode64(b[:]), nil
}

// ---- games and invitations ----

// GameID is the id of the game whose invitation key has this public half: 16 bytes of a
// hash of it, base64url (22 characters).
func GameID(invite ed25519.PublicKey) string {
	h := sha256.New()
	h.Write([]byte(gameDomain))
	h.Write(invite)
	return Encode64(h.Sum(nil)[:16])
}

// ValidGameID reports whether s has the form of a game id.
func ValidGameID(s string) bool {
	_, ok := Decode64(s, 16)
	return ok && len(s) == 22
}

// InvitationKey derives the invitation's signing key from its secret (the part of the
// invitation link after the game). Everyone invited derives the same key.
func InvitationKey(secret []byte) (ed25519.PrivateKey, error) {
	if len(secret) < 16 {
		return nil, errors.New("an invitation secret has at least 16 bytes")
	}
	seed, err := hkdf.Key(sha256.New, secret, nil, inviteDomain, ed25519.SeedSize)
	if err != nil {
		return nil, err
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// CreateBody is the body of a create envelope, which the server reads.
type CreateBody struct {
	Seats int    `json:"seats"` // 2 to MaxSeats
	Host  string `json:"host"`  // the Ed25519 key that signs the genesis, base64url
}

// GenesisBody is the body of a genesis envelope: the seats' keys, which the server reads,
// and the protocol's own genesis, which it does not.
type GenesisBody struct {
	Seats []Seat          `json:"seats"`
	Game  json.RawMessage `json:"game,omitempty"`
}

// Seat is one seat's keys, base64url: Sign checks its envelopes and moves, Box is the X25519
// key what is sent to the seat alone is sealed to.
type Seat struct {
	Sign string `json:"sign"`
	Box  string `json:"box"`
}

// ParseCreate reads and checks a create envelope's body.
func ParseCreate(body []byte) (CreateBody, error) {
	var c CreateBody
	if err := strictUnmarshal(body, &c); err != nil {
		return c, errors.New("a create body is {\"seats\":n,\"host\":key}")
	}
	if c.Seats < 2 || c.Seats > MaxSeats {
		return c, fmt.Errorf("a game is for 2 to %d seats", MaxSeats)
	}
	if _, ok := Decode64(c.Host, ed25519.PublicKeySize); !ok {
		return c, errors.New("the host key is not 32 bytes of base64url")
	}
	return c, nil
}

// ParseGenesis reads and checks a genesis envelope's body for a game of n seats.
func ParseGenesis(body []byte, n int) (GenesisBody, error) {
	var g GenesisBody
	if err := json.Unmarshal(body, &g); err != nil {
		return g, errors.New("a genesis body is {\"seats\":[{\"sign\":key,\"box\":key}, …],\"game\":…}")
	}
	if len(g.Seats) != n {
		return g, fmt.Errorf("the genesis names %d seats; the game has %d", len(g.Seats), n)
	}
	for i, s := range g.Seats {
		if _, ok := Decode64(s.Sign, ed25519.PublicKeySize); !ok {
			return g, fmt.Errorf("seat %d's signing key is not 32 bytes of base64url", i)
		}
		if _, ok := Decode64(s.Box, 32); !ok {
			return g, fmt.Errorf("seat %d's box key is not 32 bytes of base64url", i)
		}
		for _, t := range g.Seats[:i] {
			if t.Sign == s.Sign || t.Box == s.Box {
				return g, fmt.Errorf("seat %d's keys are another seat's", i)
			}
		}
	}
	return g, nil
}

func strictUnmarshal(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("trailing data")
	}
	return nil
}

// ---- sealing to one seat ----

// BoxKey is an X25519 key pair for what is sealed to one seat.
type BoxKey = boxkey.Key

// BoxKeyFrom derives a seat's box key from its signing key's 32-byte seed (boxkey.From).
func BoxKeyFrom(seed []byte) (BoxKey, error) { return boxkey.From(seed) }

// sealed is the plaintext inside a sealed body: the envelope's own header again, so the
// ciphertext cannot be taken out and sent under another header (another sender, another
// game), then the payload.
func sealedHeader(e *Envelope) []byte {
	b := appendField(nil, []byte(sealDomain))
	b = appendField(b, []byte(e.Game))
	b = binary.BigEndian.AppendUint32(b, uint32(int32(e.From)))
	b = binary.BigEndian.AppendUint32(b, uint32(int32(e.To)))
	return appendField(b, []byte(e.Nonce))
}

// Seal sets the body to payload sealed to the recipient's box key (nacl/box's anonymous
// sealed box: an ephemeral X25519 key, XSalsa20-Poly1305), with the envelope's header
// inside. Game, From, To and Nonce must be set; sign afterwards.
func (e *Envelope) Seal(payload []byte, to [32]byte, random io.Reader) error {
	plain := append(sealedHeader(e), payload...)
	out, err := box.SealAnonymous(nil, plain, &to, random)
	if err != nil {
		return fmt.Errorf("sealing: %w", err)
	}
	e.Body = out
	return nil
}

// Open returns the payload of a body sealed to this key, checking that it was sealed under
// this envelope's header.
func (e *Envelope) Open(k BoxKey) ([]byte, error) {
	plain, ok := box.OpenAnonymous(nil, e.Body, &k.Public, &k.Private)
	if !ok {
		return nil, errors.New("the sealed body does not open with this seat's key")
	}
	h := sealedHeader(e)
	if !bytes.HasPrefix(plain, h) {
		return nil, errors.New("the sealed body was sealed under another envelope's header")
	}
	return plain[len(h):], nil
}

// Encode64 and Decode64 carry keys, nonces and signatures as unpadded base64url.
func Encode64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// Decode64 decodes Encode64's text, checking its length in bytes.
func Decode64(s string, n int) ([]byte, bool) {
	if len(s) != base64.RawURLEncoding.EncodedLen(n) {
		return nil, false
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	return b, err == nil && len(b) == n
}

// Appended is where a message went.
type Appended struct {
	N   int64
	Dup bool // it was there already (a retry)
}

// Error is a refusal from the server, as the client receives it.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message + " (" + e.Code + ")" }
