// Package modelfile reads the weights out of a learned model's generated Go file
// (engine/bot/model_*.go, written by tools/learn), so that a tool can think with a model
// other than the one compiled in: today's weights against those of an earlier commit.
package modelfile

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
)

// Read parses a generated model file and returns the rule set it registers its model
// under ("birmingham", "lancashire/original", …) and the weights by player count, stage and
// feature, in the file's order.
func Read(path string) (key string, byPlayers map[int][][]float64, err error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return "", nil, err
	}
	var model *ast.AssignStmt // learnedModels[key] = &model{…}
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if ix, ok := as.Lhs[0].(*ast.IndexExpr); ok {
				if id, ok := ix.X.(*ast.Ident); ok && id.Name == "learnedModels" {
					model = as
				}
			}
		}
		return model == nil
	})
	if model == nil {
		err = fmt.Errorf("no learnedModels[…] = &model{…} in it")
	} else if key, err = stringLit(model.Lhs[0].(*ast.IndexExpr).Index); err == nil {
		byPlayers, err = weights(model.Rhs[0])
	}
	if err != nil {
		return "", nil, fmt.Errorf("%s: %v", path, err)
	}
	return key, byPlayers, nil
}

func stringLit(e ast.Expr) (string, error) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", fmt.Errorf("the model's key is not a string")
	}
	return strconv.Unquote(lit.Value)
}

// weights reads &model{byPlayers: …{n: {{w, …}, …}, …}, …}.
func weights(e ast.Expr) (map[int][][]float64, error) {
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil, fmt.Errorf("the model is not &model{…}")
	}
	m, ok := u.X.(*ast.CompositeLit)
	if !ok {
		return nil, fmt.Errorf("the model is not &model{…}")
	}
	for _, el := range m.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, isID := kv.Key.(*ast.Ident); !isID || id.Name != "byPlayers" {
			continue
		}
		counts, ok := kv.Value.(*ast.CompositeLit)
		if !ok {
			return nil, fmt.Errorf("byPlayers is not a list")
		}
		out := map[int][][]float64{}
		for _, c := range counts.Elts {
			ckv, ok := c.(*ast.KeyValueExpr)
			if !ok {
				return nil, fmt.Errorf("byPlayers has an entry without its player count")
			}
			n, err := intLit(ckv.Key)
			if err != nil {
				return nil, err
			}
			stages, err := lists(ckv.Value)
			if err != nil {
				return nil, fmt.Errorf("%d players: %v", n, err)
			}
			out[n] = stages
		}
		return out, nil
	}
	return nil, fmt.Errorf("the model has no byPlayers")
}

// lists reads {{w, …}, …}: a stage's weights per element.
func lists(e ast.Expr) ([][]float64, error) {
	outer, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, fmt.Errorf("the stages are not a list")
	}
	var out [][]float64
	for i, st := range outer.Elts {
		inner, ok := st.(*ast.CompositeLit)
		if !ok {
			return nil, fmt.Errorf("stage %d is not a list", i)
		}
		ws := make([]float64, 0, len(inner.Elts))
		for _, w := range inner.Elts {
			v, err := number(w)
			if err != nil {
				return nil, fmt.Errorf("stage %d: %v", i, err)
			}
			ws = append(ws, v)
		}
		out = append(out, ws)
	}
	return out, nil
}

func intLit(e ast.Expr) (int, error) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, fmt.Errorf("a player count is not a whole number")
	}
	return strconv.Atoi(lit.Value)
}

// number reads a weight: a literal, perhaps negated.
func number(e ast.Expr) (float64, error) {
	sign := 1.0
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		sign, e = -1, u.X
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok || (lit.Kind != token.FLOAT && lit.Kind != token.INT) {
		return 0, fmt.Errorf("a weight is not a number")
	}
	v, err := strconv.ParseFloat(lit.Value, 64)
	return sign * v, err
}
