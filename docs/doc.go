// Package docs holds the project's guides (Markdown beside this file) and
// the test that keeps them walkable: every link from README.md and docs/
// leads to a file or heading that exists, and the README stays a
// newcomer's page.
package docs
