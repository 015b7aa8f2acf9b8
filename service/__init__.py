"""The Belote referee: a stateless service that judges the French card game Belote."""
