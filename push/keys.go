//go:build !js

package push

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// KeyFile is the VAPID key's file under the data directory.
const KeyFile = "vapid.json"

// vapidKeys is the server's VAPID key pair (RFC 8292): the push services take a push only
// when it is signed by the key the browser subscribed with (applicationServerKey). It is made
// once and kept: a new key voids every subscription, so a damaged file stops the server
// rather than being replaced.
type vapidKeys struct {
	Public  string `json:"public"`  // the uncompressed P-256 point, base64url unpadded
	Private string `json:"private"` // the scalar, 32 bytes, base64url unpadded
}

// loadKeys reads the key pair at path, or makes one there if there is no file.
func loadKeys(path string) (vapidKeys, error) {
	k, err := readKeys(path)
	if !errors.Is(err, os.ErrNotExist) {
		return k, err
	}
	if err := writeKeys(path); err != nil {
		return vapidKeys{}, fmt.Errorf("making the VAPID key %s: %w", path, err)
	}
	return readKeys(path)
}

// readKeys reads and checks the file: the private key must be a P-256 scalar and the
// public key its own.
func readKeys(path string) (vapidKeys, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return vapidKeys{}, err
	}
	var k vapidKeys
	if err := parseKeyFile(b, &k); err != nil {
		return vapidKeys{}, fmt.Errorf("the VAPID key file %s is damaged (%v): restore it from a backup; removing it makes a new key, "+
			"and every browser then has to subscribe again", path, err)
	}
	return k, nil
}

func parseKeyFile(b []byte, k *vapidKeys) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(k); err != nil {
		return fmt.Errorf("not its JSON: %v", err)
	}
	d, err := base64.RawURLEncoding.DecodeString(k.Private)
	if err != nil {
		return fmt.Errorf("the private key: %v", err)
	}
	priv, err := ecdh.P256().NewPrivateKey(d)
	if err != nil {
		return fmt.Errorf("the private key: %v", err)
	}
	if k.Public != base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()) {
		return errors.New("the public key is not the private key's")
	}
	return nil
}

// writeKeys makes a key pair and writes it to path (mode 0600) without ever replacing a
// file: it is written whole to a temporary file, synced, then linked to its name, so a crash
// leaves either no key or a whole one, and of two servers starting at once one key wins.
func writeKeys(path string) error {
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(vapidKeys{
		Public:  base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()),
		Private: base64.RawURLEncoding.EncodeToString(priv.Bytes()),
	}, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".vapid-*.json") // mode 0600
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // the new name on disk
		d.Close()
	}
	return nil
}
