-- CreateTable
CREATE TABLE "revoked_admin_sessions" (
    "session_id" TEXT NOT NULL,
    "revoked_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "revoked_admin_sessions_pkey" PRIMARY KEY ("session_id")
);

-- CreateIndex
CREATE INDEX "revoked_admin_sessions_expires_at_idx" ON "revoked_admin_sessions"("expires_at");
