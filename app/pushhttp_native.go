//go:build !js

package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pushHTTP makes one request to the push service and returns its status and (up to 4 KiB of)
// its body.
func pushHTTP(ctx context.Context, method, url string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(res.Body, 4096))
	return res.StatusCode, answer, err
}

// Await is the page's wait for a JavaScript promise; natively there is none.
func Await(ctx context.Context, p goapp.Value) (goapp.Value, error) {
	return goapp.Undefined(), errors.New("no JavaScript here")
}
