//go:build !js

package mailbox

import (
	"context"
	"errors"
	"time"
)

// Store keeps the games' logs. Two implementations share one conformance suite
// (mailbox/storetest): SQLite embedded in the server (mailbox/sqlitestore, the default) and
// PostgreSQL (mailbox/pgstore), which several server instances can share. The server checks
// an envelope's shape, signature and signer before it reaches the store; the store decides
// everything that depends on the game's state at the moment of the append, in one
// transaction: whether the game exists and has started, the caps, the nonce, the number.
//
// An append returns only once the message is durable (committed, and synced to disk where
// the engine syncs). Messages are numbered 1, 2, … per game with no gap, in commit order;
// while the game exists a number once given is never given to another message, and a
// message is never changed. A retry (the same envelope again) is answered first, whatever
// changed since (the game started, filled up): Dup with its number, nothing stored, nothing
// touched. A call whose context ends may still have been committed: the caller retries, and
// the retry says so. A limit of zero or less is no limit.
type Store interface {
	// Create stores a new game with its create envelope as message 1. A game of that id
	// whose create envelope is the same is a retry: Dup, its number. Another is
	// ErrGameExists; an address that keeps Limits.GamesPerCreator games is ErrTooManyGames.
	Create(ctx context.Context, c Create) (Appended, error)
	// Append stores one envelope of a game that exists (ErrNoGame otherwise; a create
	// envelope is never appended), by the rules of its kind: lobby and genesis only before the genesis (ErrStarted), game and finish
	// only after (ErrNotStarted); within the game's caps (ErrGameFull). The same envelope
	// again (same signer and nonce, same bytes) is a retry: Dup, the number it has; another
	// envelope under a signer's used nonce is ErrNonceReused.
	Append(ctx context.Context, a Append) (Appended, error)
	// Game describes a game, or ErrNoGame.
	Game(ctx context.Context, id string) (Game, error)
	// Read returns a game's messages numbered after `after`, in order, at most limit of
	// them (none for a limit of zero or less; ErrNoGame for a game that does not exist),
	// each with the time of its append (Stored.At).
	Read(ctx context.Context, game string, after int64, limit int) ([]Stored, error)
	// Notes tells of every message appended to any game, by this store or (PostgreSQL) by
	// another server instance on the same database, soon after its commit. A note may come
	// more than once, or be lost when a reader is slow (the channel is never blocked on):
	// readers read the store from their last number, which is always right.
	Notes() <-chan Note
	// Sweep deletes the games the retention rules let go, as of now, and returns how many.
	Sweep(ctx context.Context, now time.Time, r Retention) (int, error)
	// Stats counts what the store holds.
	Stats(ctx context.Context) (StoreStats, error)
	// Ping checks that the store answers (for /healthz).
	Ping(ctx context.Context) error
	// Close releases the store and closes Notes; the server closes it last.
	Close() error
}

// Create is a new game.
type Create struct {
	Game    string
	Seats   int
	Invite  []byte // the invitation's public key (create and lobby envelopes' signer)
	Host    []byte // the host's public key (the genesis's signer)
	Nonce   string // the create envelope's
	Env     []byte // the create envelope, as stored
	Creator string // the address it came from, counted against Limits.GamesPerCreator
	Now     time.Time
	Limits  Limits
}

// Append is one envelope to store. Kind, From, To, Signer and Nonce are the envelope's
// (already checked by the server); Env is the envelope as stored.
type Append struct {
	Game   string
	Kind   string
	From   int
	To     int
	Signer []byte
	Nonce  string
	Env    []byte
	// Seats, for a genesis: the seats' keys it binds (GenesisBody.Seats, as JSON), which
	// Game then returns.
	Seats  []byte
	Now    time.Time
	Limits Limits
}

// Limits are the caps a store applies in the transaction that stores a message.
type Limits struct {
	MaxMessages     int64 // messages in one game, all kinds
	MaxBytes        int64 // bytes of stored envelopes in one game
	MaxLobby        int64 // lobby envelopes in one game (before its genesis)
	GamesPerCreator int   // games one address created that the store still keeps
}

// Game is what the store knows of a game.
type Game struct {
	ID       string
	Seats    int
	Invite   []byte
	Host     []byte
	Started  bool   // its genesis is stored
	SeatKeys []byte // the genesis's seats (JSON), once started
	Head     int64  // the last message's number
	Bytes    int64
	Lobby    int64 // lobby envelopes stored
	Created  time.Time
	Touched  time.Time // the last append
	Finished bool      // a seat appended a finish envelope
}

// Stored is one message of a log.
type Stored struct {
	N   int64
	To  int // −1: every device; else the seat it is sealed to
	Env []byte
	// At is the server's time of the append that stored it (its Create's or Append's Now),
	// in Unix milliseconds, which devices read for per-turn time limits; 0 is unknown (a
	// message stored before the stores kept it). A retry keeps the first time.
	At int64
}

// Note says that a game's log has grown to at least N.
type Note struct {
	Game string
	N    int64
}

// Retention says when games are deleted: finished ones untouched for Finished, games that
// started but never finished untouched for Idle, games that never started untouched for
// Unstarted.
type Retention struct {
	Finished, Idle, Unstarted time.Duration
}

// StoreStats counts what a store holds.
type StoreStats struct {
	Games, Messages, Bytes int64
}

// Store errors: compare with errors.Is.
var (
	ErrNoGame       = errors.New("no such game")
	ErrGameExists   = errors.New("a game with this id exists, made by another create")
	ErrTooManyGames = errors.New("this address keeps too many games")
	ErrStarted      = errors.New("the game has started")
	ErrNotStarted   = errors.New("the game has not started")
	ErrGameFull     = errors.New("the game is full")
	ErrNonceReused  = errors.New("the nonce was used for another envelope")
	// ErrFull wraps an engine's own error when the disk or database is full: nothing of
	// the append was stored.
	ErrFull = errors.New("the store is full")
)
