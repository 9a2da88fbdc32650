//go:build !wasm

package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"time"

	"brass/internal/netguard"
	"brass/mailbox"
	"brass/mailbox/pgstore"
	"brass/mailbox/sqlitestore"
	"brass/signal"
)

const (
	// mailboxURL is the WebSocket endpoint of the games' mailboxes.
	mailboxURL = "/mailbox"
	// healthURL answers whether the server and its store are well, with its counts.
	healthURL = "/healthz"
	// mailboxFile is the SQLite store's file under -data.
	mailboxFile = "mailbox.db"
)

// mailboxOptions are the mailbox's options: on by default, SQLite under -data unless -db
// names a PostgreSQL database.
type mailboxOptions struct {
	on      bool
	dataDir string
	dbURL   string
	backup  string // -backup: write a copy of the SQLite store there, then stop
	cfg     mailbox.Config
}

// mailboxFlags declares the mailbox's flags; the function it returns reads them once parsed:
//
//	-mailbox / BRASS_MAILBOX          keep games for players who are not online together (default true)
//	-data / BRASS_DATA                the directory of the SQLite store (default ./data)
//	-db / BRASS_DB                    postgres://… : keep the games in PostgreSQL instead, which
//	                                  several server instances can share
//	-backup FILE                      write an online copy of the SQLite store to FILE and stop
//	-retain-finished-days, -retain-idle-days, -retain-unstarted-days (BRASS_RETAIN_…)
//	                                  days untouched after which a finished game (90), a started
//	                                  game never finished (365) and a game never started (14) are deleted
//	-game-max-messages, -game-max-mb, -games-per-addr, -mailbox-conns-per-addr (BRASS_…)
//	                                  caps (see mailbox.Config)
func mailboxFlags(fs *flag.FlagSet, getenv func(string) string) func(signal.Config) (mailboxOptions, error) {
	on := fs.Bool("mailbox", getenv("BRASS_MAILBOX") != "false", "keep the games' messages for players who are not online together")
	data := fs.String("data", orDefault(getenv("BRASS_DATA"), "data"), "directory of the mailbox's SQLite store")
	db := fs.String("db", getenv("BRASS_DB"), "postgres://… URL: keep the mailbox in PostgreSQL instead of SQLite")
	backup := fs.String("backup", "", "write an online copy of the SQLite mailbox to this file, then stop")
	d := mailbox.DefaultConfig()
	limits := intFlags{fs: fs, getenv: getenv}
	finished := limits.add("retain-finished-days", "BRASS_RETAIN_FINISHED_DAYS", int(d.Retention.Finished/(24*time.Hour)), "days a finished game is kept after its last message")
	idle := limits.add("retain-idle-days", "BRASS_RETAIN_IDLE_DAYS", int(d.Retention.Idle/(24*time.Hour)), "days a started game that never finished is kept after its last message")
	unstarted := limits.add("retain-unstarted-days", "BRASS_RETAIN_UNSTARTED_DAYS", int(d.Retention.Unstarted/(24*time.Hour)), "days a game that never started is kept after its last message")
	msgs := limits.add("game-max-messages", "BRASS_GAME_MAX_MESSAGES", int(d.Limits.MaxMessages), "messages one game may hold")
	mb := limits.add("game-max-mb", "BRASS_GAME_MAX_MB", int(d.Limits.MaxBytes>>20), "MiB one game may hold")
	games := limits.add("games-per-addr", "BRASS_GAMES_PER_ADDR", d.Limits.GamesPerCreator, "games one address may have created that the server still keeps")
	conns := limits.add("mailbox-conns-per-addr", "BRASS_MAILBOX_CONNS_PER_ADDR", d.MaxConnsPerAddr, "open mailbox connections per address")
	return func(sig signal.Config) (mailboxOptions, error) {
		if limits.err != nil {
			return mailboxOptions{}, limits.err
		}
		if err := limits.check(); err != nil {
			return mailboxOptions{}, err
		}
		if *db != "" && !strings.HasPrefix(*db, "postgres://") && !strings.HasPrefix(*db, "postgresql://") {
			return mailboxOptions{}, fmt.Errorf("-db: a PostgreSQL URL, postgres://user@host/database")
		}
		if *backup != "" && *db != "" {
			return mailboxOptions{}, fmt.Errorf("-backup copies the SQLite store; back PostgreSQL up with pg_dump")
		}
		day := 24 * time.Hour
		cfg := mailbox.Config{
			MaxConnsPerAddr: *conns,
			Limits:          mailbox.Limits{MaxMessages: int64(*msgs), MaxBytes: int64(*mb) << 20, MaxLobby: d.Limits.MaxLobby, GamesPerCreator: *games},
			Retention:       mailbox.Retention{Finished: time.Duration(*finished) * day, Idle: time.Duration(*idle) * day, Unstarted: time.Duration(*unstarted) * day},
			OriginPatterns:  sig.OriginPatterns,
			Proxies:         netguard.Proxies{TrustForwardedFor: sig.TrustForwardedFor, Trusted: sig.TrustedProxies},
			Logf:            log.Printf,
		}
		return mailboxOptions{on: *on, dataDir: *data, dbURL: *db, backup: *backup, cfg: cfg}, nil
	}
}

// openStore opens the mailbox's store, running its migrations; it says what it opened.
func openStore(ctx context.Context, o mailboxOptions) (mailbox.Store, string, error) {
	if o.dbURL != "" {
		st, err := pgstore.Open(ctx, o.dbURL, pgstore.Options{Logf: log.Printf})
		if err != nil {
			return nil, "", fmt.Errorf("the mailbox's PostgreSQL database: %w", err)
		}
		return st, "PostgreSQL (-db)", nil
	}
	path := filepath.Join(o.dataDir, mailboxFile)
	st, err := sqlitestore.Open(path, sqlitestore.Options{})
	if err != nil {
		return nil, "", fmt.Errorf("the mailbox's SQLite store %s: %w", path, err)
	}
	return st, "SQLite, " + path, nil
}

// describeMailbox says what the mailbox keeps and for how long.
func describeMailbox(cfg mailbox.Config) string {
	day := 24 * time.Hour
	return fmt.Sprintf("games of at most %d messages and %d MiB, %d kept per address; finished games kept %d days untouched, unfinished %d, never started %d",
		cfg.Limits.MaxMessages, cfg.Limits.MaxBytes>>20, cfg.Limits.GamesPerCreator,
		cfg.Retention.Finished/day, cfg.Retention.Idle/day, cfg.Retention.Unstarted/day)
}

// backupStore writes an online copy of the SQLite store (the server may be running: the
// copy is one consistent moment of it) and exits.
func backupStore(o mailboxOptions) {
	src := filepath.Join(o.dataDir, mailboxFile)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if err := sqlitestore.Backup(ctx, src, o.backup); err != nil {
		log.Fatalf("backup of %s: %v", src, err)
	}
	log.Printf("backed up %s to %s", src, o.backup)
}
