-- A customer's inbound message stored in one call: the customer's lock, the look for an earlier
-- copy, their contact and open conversation (made when missing) and the message, with the
-- conversation moved on. One statement for the server, so on the embedded database no
-- transaction holds the database while its next statement crosses from the server's thread.
-- Each statement of the function reads after the lock: what an earlier message of this customer
-- stored is seen. Answers null for a copy stored before, else the message, the conversation as it
-- was read before this message (or as made for it) and whether it was made.
CREATE FUNCTION "receive_inbound"("p" jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bot uuid := (p->>'botId')::uuid;
  v_channel text := p->>'channel';
  v_at timestamptz := (p->>'at')::timestamptz;
  v_contact uuid;
  v_conversation conversations;
  v_message messages;
  v_created boolean := false;
BEGIN
  -- Messages of one customer are stored one at a time (concurrent redeliveries, bursts).
  PERFORM pg_advisory_xact_lock(hashtextextended(p->>'botId' || ':' || v_channel || ':' || (p->>'contactExternalId'), 0));
  IF EXISTS (SELECT 1 FROM messages WHERE channel = v_channel AND external_id = p->>'externalId') THEN
    RETURN NULL;
  END IF;
  SELECT contact_id INTO v_contact FROM contact_identities
    WHERE bot_id = v_bot AND channel = v_channel AND external_id = p->>'contactExternalId';
  IF v_contact IS NULL THEN
    -- First seen when their first message was written ("Primer contacto"), not when it reached us.
    INSERT INTO contacts (bot_id, name, phone, playground, created_at)
      VALUES (v_bot, coalesce(p->>'contactName', ''), coalesce(p->>'contactPhone', ''), v_channel = 'playground', v_at)
      RETURNING id INTO v_contact;
    INSERT INTO contact_identities (bot_id, channel, external_id, contact_id) VALUES (v_bot, v_channel, p->>'contactExternalId', v_contact);
  ELSE
    SELECT * INTO v_conversation FROM conversations
      WHERE contact_id = v_contact AND bot_id = v_bot AND channel = v_channel AND status <> 'closed' LIMIT 1;
  END IF;
  IF v_conversation.id IS NULL THEN
    -- A new conversation, its first message already counted unread.
    INSERT INTO conversations (bot_id, contact_id, channel, last_inbound_at, last_message_at, unread_count)
      VALUES (v_bot, v_contact, v_channel, v_at, v_at, 1)
      RETURNING * INTO v_conversation;
    v_created := true;
  END IF;
  INSERT INTO messages (conversation_id, bot_id, channel, direction, author, text, media, chosen, status, external_id, created_at)
    VALUES (v_conversation.id, v_bot, v_channel, 'in', 'customer', p->>'text', nullif(p->'media', 'null'), nullif(p->'chosen', 'null'),
      p->>'status', p->>'externalId', v_at)
    ON CONFLICT DO NOTHING
    RETURNING * INTO v_message;
  -- A copy stored meanwhile by a path that does not take the customer's lock: nothing moves.
  IF v_message.id IS NULL THEN
    RETURN NULL;
  END IF;
  IF NOT v_created THEN
    UPDATE conversations SET last_inbound_at = greatest(last_inbound_at, v_at), last_message_at = greatest(last_message_at, v_at),
        unread_count = unread_count + 1, updated_at = now()
      WHERE id = v_conversation.id;
  END IF;
  RETURN jsonb_build_object('message', to_jsonb(v_message), 'conversation', to_jsonb(v_conversation), 'created', v_created);
END
$$;
