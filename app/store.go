package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Store keeps JSON values under string keys: browser storage in the app, memory in tests
// and natively. Values are encoded with encoding/json on Set and decoded into v on Get.
type Store interface {
	// Get decodes the value stored under key into v (a pointer). It reports false, and
	// leaves v alone, when there is no such key; a value that does not decode is an error.
	Get(key string, v any) (bool, error)
	// Set stores v, encoded as JSON, under key.
	Set(key string, v any) error
	// Del removes key; removing a missing key is not an error.
	Del(key string) error
	// Keys lists the keys that start with prefix, sorted.
	Keys(prefix string) ([]string, error)
}

// MemoryStore is a Store in memory. It is safe for concurrent use.
type MemoryStore struct {
	mu   sync.Mutex
	data map[string][]byte
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore { return &MemoryStore{data: map[string][]byte{}} }

// Get implements Store.
func (s *MemoryStore) Get(key string, v any) (bool, error) {
	s.mu.Lock()
	b, ok := s.data[key]
	s.mu.Unlock()
	if !ok {
		return false, nil
	}
	if err := json.Unmarshal(b, v); err != nil {
		return true, fmt.Errorf("The stored value %q is damaged: %w", key, err)
	}
	return true, nil
}

// Set implements Store.
func (s *MemoryStore) Set(key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.data[key] = b
	s.mu.Unlock()
	return nil
}

// Del implements Store.
func (s *MemoryStore) Del(key string) error {
	s.mu.Lock()
	delete(s.data, key)
	s.mu.Unlock()
	return nil
}

// Keys implements Store.
func (s *MemoryStore) Keys(prefix string) ([]string, error) {
	s.mu.Lock()
	var keys []string
	for k := range s.data {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	s.mu.Unlock()
	sort.Strings(keys)
	return keys, nil
}

// Raw returns a copy of the JSON stored under key (for tests and debugging).
func (s *MemoryStore) Raw(key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.data[key]
	return append([]byte(nil), b...), ok
}

// SetRaw stores raw bytes under key without checking them (for tests: damaged values).
func (s *MemoryStore) SetRaw(key string, b []byte) {
	s.mu.Lock()
	s.data[key] = append([]byte(nil), b...)
	s.mu.Unlock()
}

// Snapshot returns a copy of everything stored (for tests: "nothing was written").
func (s *MemoryStore) Snapshot() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]string, len(s.data))
	for k, v := range s.data {
		out[k] = string(v)
	}
	return out
}

// browserStore is a Store over go-app's BrowserStorage (ctx.LocalStorage()).
type browserStore struct {
	bs goapp.BrowserStorage
}

// NewBrowserStore wraps a go-app BrowserStorage, normally ctx.LocalStorage(). The
// browser's storage can refuse to work (full, disabled, private mode): every such failure,
// including a panic inside the JavaScript call, comes back as an error.
func NewBrowserStore(bs goapp.BrowserStorage) Store { return &browserStore{bs: bs} }

// ErrStorage is wrapped by every error of a browser storage that does not work (full,
// disabled by the browser, private mode).
var ErrStorage = errors.New("the browser's storage is full or not available")

// catch turns a panic in a storage call (go-app's storage calls JavaScript, which throws
// when storage is full or disabled) into an error.
func catch(err *error, what string) {
	if r := recover(); r != nil {
		*err = storageError(what, fmt.Errorf("%v", r))
	}
}

func storageError(what string, cause error) error {
	return fmt.Errorf("Could not %s: %w (%v).", what, ErrStorage, cause)
}

func (s *browserStore) Get(key string, v any) (ok bool, err error) {
	defer catch(&err, "read "+key)
	if !s.bs.Contains(key) {
		return false, nil
	}
	if err := s.bs.Get(key, v); err != nil {
		return true, fmt.Errorf("The stored value %q is damaged: %w", key, err)
	}
	return true, nil
}

func (s *browserStore) Set(key string, v any) (err error) {
	defer catch(&err, "save "+key)
	if err := s.bs.Set(key, v); err != nil {
		return storageError("save "+key, err)
	}
	return nil
}

func (s *browserStore) Del(key string) (err error) {
	defer catch(&err, "delete "+key)
	s.bs.Del(key)
	return nil
}

func (s *browserStore) Keys(prefix string) (keys []string, err error) {
	defer catch(&err, "list the saved games")
	s.bs.ForEach(func(k string) {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	})
	sort.Strings(keys)
	return keys, nil
}
