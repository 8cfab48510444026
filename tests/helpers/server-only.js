// In tests, server-only modules are imported directly; the guard has nothing to guard.
module.exports = {};
