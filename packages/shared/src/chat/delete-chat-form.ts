import { z } from 'zod';
import { idParamSchema } from '../input.ts';

/**
 * POST /chats, the list's delete conversation form (without script; with script the page calls DELETE
 * /api/chat.php, `deleteChatInputSchema`): the conversation to remove for the member.
 */
export const deleteChatFormSchema = z.strictObject({ conversation: idParamSchema });
