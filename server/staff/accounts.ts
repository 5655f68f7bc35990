import { randomUUID } from "node:crypto";
import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { auditEvents, session, user } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { enqueueNotification } from "@server/mail";
import type { Runtime } from "@server/runtime";
import {
  endPasswordLinks,
  endSingleUseTokens,
  issueSingleUseToken,
  openTokenExpiries,
  singleUseLink,
} from "@server/security/single-use-links";
import { hasPasswordSql, staffColumns } from "@server/staff/status";
import { asc, eq, max } from "drizzle-orm";
import { studio } from "~/copy/studio";
import { staffRoleOf } from "~/entities/staff/access";
import type { InviteInput } from "~/entities/staff/form";
import { STAFF_STATUS_LABELS, type StaffRow, type StaffStatus } from "~/entities/staff/view";
import { type AuditAction, STAFF_ROLE_LABELS, type StaffRole } from "~/lib/values";

/**
 * The staff accounts of /admin/staff (issue #29, decision 0292): the list, invitations, role
 * changes, deactivation (better-auth's `banned`; every session ends at once), reactivation and
 * removal; an invitation resent (a new link, the old one ended) or revoked (decision 0436). Each
 * write and its audit row share one transaction. The last active admin can be
 * neither demoted, deactivated nor removed: the check locks the admins' rows, so two admins
 * demoting each other at once cannot both succeed.
 */

export const SET_PASSWORD_PATH = "/admin/set-password";
export const INVITATION_TTL_MS = 48 * 60 * 60_000;

export const STAFF_MESSAGES = {
  fetchFailed: "Failed to fetch staff accounts",
  invited: (email: string) => `Invitation sent to ${email}`,
  exists: "An account with this email already exists",
  inviteFailed: "Failed to send the invitation",
  updateFailed: "Failed to update the account",
  notFound: "That account no longer exists",
  roleChanged: (email: string, role: StaffRole) =>
    `${email} now has the role ${STAFF_ROLE_LABELS[role]}`,
  deactivated: (email: string) => `${email} is deactivated and signed out everywhere`,
  reactivated: (email: string) => `${email} is active again`,
  removed: (email: string) => `${email} was removed`,
  resent: (email: string) =>
    `A new invitation was sent to ${email}; the previous link no longer works`,
  revoked: (email: string) => `The invitation of ${email} was revoked: its link no longer works`,
  notInvited:
    "That account has no invitation to resend or revoke: it has a password already, or it is deactivated.",
  noOpenInvitation: "That invitation is no longer open (used, expired or revoked already).",
  settingSaved: "Two-factor setting saved",
  twoFactorFirst: "Turn on two-factor for your own account first (Your account).",
  lastAdmin:
    "This is the last active admin: it cannot be demoted, deactivated or removed. Make another account an admin first.",
} as const;

/** Every account, by e-mail, with its status and latest sign-in (a session or an audit row). */
export async function listStaff(db: Database): Promise<StaffRow[]> {
  const lastSession = db
    .select({ userId: session.userId, at: max(session.createdAt).as("session_at") })
    .from(session)
    .groupBy(session.userId)
    .as("last_session");
  const lastSignIn = db
    .select({ userId: auditEvents.actorId, at: max(auditEvents.at).as("audit_at") })
    .from(auditEvents)
    .where(eq(auditEvents.action, "sign_in"))
    .groupBy(auditEvents.actorId)
    .as("last_sign_in");
  const rows = await db
    .select({
      ...staffColumns,
      sessionAt: lastSession.at,
      auditAt: lastSignIn.at,
      hasPassword: hasPasswordSql,
    })
    .from(user)
    .leftJoin(lastSession, eq(lastSession.userId, user.id))
    .leftJoin(lastSignIn, eq(lastSignIn.userId, user.id))
    .orderBy(asc(user.email));
  const invitations = await openTokenExpiries(db, ["staff-invite"]);
  const staff = rows.map((row) => {
    // Aggregates come back as Date or text depending on the driver.
    const times = [row.sessionAt, row.auditAt as Date | string | null]
      .filter((at) => at !== null)
      .map((at) => new Date(at as Date | string).getTime());
    const status = statusOf(row);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      role: staffRoleOf(row),
      status,
      lastSignInAt: times.length > 0 ? new Date(Math.max(...times)) : null,
      invitationExpiresAt: status === "invited" ? (invitations.get(row.id) ?? null) : null,
      lastActiveAdmin: false,
    };
  });
  const activeAdmins = staff.filter((row) => row.role === "admin" && row.status === "active");
  if (activeAdmins.length === 1 && activeAdmins[0]) activeAdmins[0].lastActiveAdmin = true;
  return staff;
}

function statusOf(row: { banned: boolean | null; hasPassword: boolean }): StaffStatus {
  if (row.banned) return "deactivated";
  return row.hasPassword ? "active" : "invited";
}

export type StaffWrite =
  | { ok: true; email: string }
  | { ok: false; reason: "not_found" | "last_admin" | "exists" | "not_invited" | "no_invitation" };

/**
 * Creates the account (no password yet) and queues the invitation: a single-use link, valid 48
 * hours, to the page where the invitee chooses a password.
 */
export async function inviteStaff(
  runtime: Runtime,
  actor: AuditActor,
  input: InviteInput,
): Promise<StaffWrite> {
  return inTransaction(runtime.database.db, async (tx) => {
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, input.email))
      .limit(1);
    if (existing) return { ok: false, reason: "exists" };
    const id = randomUUID();
    const name = input.email.split("@")[0] ?? input.email;
    await tx.insert(user).values({ id, name, email: input.email, role: input.role, banned: false });
    await queueInvitation(runtime, tx, actor, { id, email: input.email, role: input.role });
    await recordAudit(tx, {
      action: "invite",
      actor,
      entityType: "staff",
      entityId: id,
      entityName: input.email,
      changes: { role: { before: null, after: input.role } },
    });
    return { ok: true, email: input.email };
  });
}

/** A new invitation link for `invitee` (48 hours) and its e-mail, in the caller's transaction. */
async function queueInvitation(
  runtime: Runtime,
  tx: Executor,
  actor: AuditActor,
  invitee: { id: string; email: string; role: StaffRole },
): Promise<Date> {
  const token = await issueSingleUseToken(tx, "staff-invite", invitee.id, INVITATION_TTL_MS);
  await enqueueNotification(tx, runtime.jobs, {
    kind: "staff-invitation",
    recipient: invitee.email,
    subject: `You're invited to the ${studio.name} back-office`,
    text: [
      `${actor.email ?? "An admin"} invited you to the back-office (role: ${STAFF_ROLE_LABELS[invitee.role]}).`,
      "",
      "Choose your password here (the link works once, within 48 hours):",
      singleUseLink(runtime.config.SITE_URL, SET_PASSWORD_PATH, token),
      "",
      "If you did not expect this invitation, you can ignore this e-mail.",
    ].join("\n"),
  });
  return new Date(Date.now() + INVITATION_TTL_MS);
}

export type StaffChange =
  | { kind: "role"; role: StaffRole }
  | { kind: "deactivate" }
  | { kind: "reactivate" }
  | { kind: "remove" }
  | { kind: "resend" }
  | { kind: "revoke" };

const CHANGE_ACTIONS: Record<StaffChange["kind"], AuditAction> = {
  role: "role_change",
  deactivate: "deactivate",
  reactivate: "reactivate",
  remove: "remove",
  resend: "invite_resend",
  revoke: "invite_revoke",
};

/**
 * Changes one account as the staff screen asks, with its audit row, in one transaction. A
 * deactivation or removal ends every session of the person; so does a role change (decision 0152).
 * A deactivation or removal also ends their open invitation and reset links (decision 0436).
 */
export async function changeStaff(
  runtime: Runtime,
  actor: AuditActor,
  id: string,
  change: StaffChange,
): Promise<StaffWrite> {
  return inTransaction(runtime.database.db, async (tx) => {
    // The admins' rows first, locked: the last-admin check sees what every concurrent change sees.
    const activeAdmins = await lockActiveAdminIds(tx);
    const [target] = await tx
      .select({
        id: user.id,
        email: user.email,
        role: user.role,
        banned: user.banned,
        hasPassword: hasPasswordSql,
      })
      .from(user)
      .where(eq(user.id, id))
      .limit(1);
    if (!target) return { ok: false, reason: "not_found" };
    const role = staffRoleOf(target);
    const audit = (changes: Record<string, { before: unknown; after: unknown }>) =>
      recordAudit(tx, {
        action: CHANGE_ACTIONS[change.kind],
        actor,
        entityType: "staff",
        entityId: id,
        entityName: target.email,
        changes,
      });
    if (change.kind === "resend" || change.kind === "revoke") {
      if (target.banned || !role || target.hasPassword) {
        return { ok: false, reason: "not_invited" };
      }
      const before = (await openTokenExpiries(tx, ["staff-invite"])).get(id) ?? null;
      if (change.kind === "revoke" && !before) return { ok: false, reason: "no_invitation" };
      await endSingleUseTokens(tx, ["staff-invite"], id);
      const after =
        change.kind === "resend"
          ? await queueInvitation(runtime, tx, actor, { id, email: target.email, role })
          : null;
      await audit({
        link_expires: {
          before: before?.toISOString() ?? null,
          after: after?.toISOString() ?? null,
        },
      });
      return { ok: true, email: target.email };
    }
    const losesAdmin =
      change.kind === "deactivate" ||
      change.kind === "remove" ||
      (change.kind === "role" && change.role !== "admin");
    if (losesAdmin && activeAdmins.length === 1 && activeAdmins[0] === id) {
      return { ok: false, reason: "last_admin" };
    }
    const status = STAFF_STATUS_LABELS[target.banned ? "deactivated" : "active"];
    let changes: Record<string, { before: unknown; after: unknown }>;
    switch (change.kind) {
      case "role":
        if (role === change.role) return { ok: true, email: target.email };
        await tx.update(user).set({ role: change.role }).where(eq(user.id, id));
        changes = { role: { before: role, after: change.role } };
        break;
      case "deactivate":
        if (target.banned) return { ok: true, email: target.email };
        await tx.update(user).set({ banned: true }).where(eq(user.id, id));
        await endPasswordLinks(tx, id);
        changes = { status: { before: status, after: STAFF_STATUS_LABELS.deactivated } };
        break;
      case "reactivate":
        if (!target.banned) return { ok: true, email: target.email };
        await tx
          .update(user)
          .set({ banned: false, banReason: null, banExpires: null })
          .where(eq(user.id, id));
        changes = { status: { before: status, after: STAFF_STATUS_LABELS.active } };
        break;
      case "remove":
        // Sessions and credentials go with the row (foreign keys, on delete cascade).
        await tx.delete(user).where(eq(user.id, id));
        // Links name the user by id, without a foreign key: they go with it.
        await endPasswordLinks(tx, id);
        changes = {
          email: { before: target.email, after: null },
          role: { before: role, after: null },
        };
        break;
    }
    if (change.kind !== "reactivate") await endSessions(tx, id);
    await audit(changes);
    return { ok: true, email: target.email };
  });
}

/** The ids of the admins who can sign in (a password, not deactivated), their rows locked. */
async function lockActiveAdminIds(tx: Executor): Promise<string[]> {
  const admins = await tx
    .select({ id: user.id, banned: user.banned, hasPassword: hasPasswordSql })
    .from(user)
    .where(eq(user.role, "admin"))
    .for("update");
  return admins.filter((admin) => !admin.banned && admin.hasPassword).map((admin) => admin.id);
}

/** Ends every session of a user at once (the next request of theirs is signed out). */
export async function endSessions(executor: Executor, userId: string): Promise<void> {
  await executor.delete(session).where(eq(session.userId, userId));
}

/** An account's address and role, for a confirmation page or the step-up; null when it is gone. */
export async function findStaff(
  db: Database,
  id: string,
): Promise<{ email: string; role: StaffRole | null } | null> {
  const [row] = await db
    .select({ email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, id))
    .limit(1);
  return row ? { email: row.email, role: staffRoleOf(row) } : null;
}

/** The name of an account, for the removal's confirmation page; null when it is gone. */
export async function findStaffEmail(db: Database, id: string): Promise<string | null> {
  return (await findStaff(db, id))?.email ?? null;
}
