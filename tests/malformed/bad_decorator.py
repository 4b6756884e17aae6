@foo
def main():
    pass
