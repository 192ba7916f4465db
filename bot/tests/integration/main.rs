//! The bot's integration tests, built as one test binary (one link of the Discord and database
//! stack instead of one per file): each module is a group of tests over the real service, store
//! and Discord adapter, on SQLite or on PostgreSQL when `ADMIRAL_TEST_POSTGRES` names a server.

mod career_support;
mod common;

mod ai_queue;
mod career_board;
mod career_deeds;
mod career_discord;
mod career_ledger;
mod clocks_and_outbox;
mod crash;
mod discord;
mod group_commit;
mod lessons;
mod match_flow;
mod old_sqlite_file;
mod refusals;
mod sql_in_the_store;
mod stratego;
mod stratego_discord;
mod two_services;
