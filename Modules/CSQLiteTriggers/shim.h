#ifndef CSQLITETRIGGERS_SHIM_H
#define CSQLITETRIGGERS_SHIM_H

#include <sqlite3.h>

/* Turns the triggers of one connection off (on = 0) or on (on = 1) and returns whether they
   are on now. sqlite3_db_config is variadic, which Swift cannot call. The setting belongs to
   the connection, not to the file: nothing of it is stored, and every statement the connection
   had prepared is prepared again, with or without the triggers, when it next runs. */
static inline int tf_sqlite3_enable_triggers(sqlite3 *db, int on) {
  int now = -1;
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, &now);
  return now;
}

#endif
