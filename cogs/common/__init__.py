"""What every answer needs: replies, errors, prompts, player names, pictures, custom_ids."""
